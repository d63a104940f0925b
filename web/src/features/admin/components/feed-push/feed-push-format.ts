import { FEED_PUSH_EVENT_TEST, type FeedPushDelivery, type FeedPushSubscriptionView } from '@bleedkits/contracts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A wait in words, rounded down to its largest one or two units: '45 seconds', '3 minutes', '2 hours 5 minutes', '3 days 4 hours'. */
export function durationText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}` : plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${plural(days, 'day')} ${plural(hours % 24, 'hour')}` : plural(days, 'day');
}

/** How far the receiver is behind the feed: 'Up to date', or the records waiting and how long the oldest has waited. */
export function lagText(s: Pick<FeedPushSubscriptionView, 'lagRecords' | 'lagSeconds'>): string {
  if (s.lagRecords === 0) return 'Up to date';
  return `${plural(s.lagRecords, 'record')} behind, the oldest waiting ${durationText(s.lagSeconds)}`;
}

/** The kind of a logged delivery, in words. */
export const deliveryEventText = (d: Pick<FeedPushDelivery, 'type'>): string => (d.type === FEED_PUSH_EVENT_TEST ? 'Test event' : 'Records');

/** The receiver's answer, in words: the HTTP status, or that none came (a timeout or a refused connection). */
export const deliveryAnswerText = (d: Pick<FeedPushDelivery, 'httpStatus'>): string => (d.httpStatus === null ? 'No answer' : `HTTP ${d.httpStatus}`);
