import { deliveryAnswerText, deliveryEventText, durationText, lagText } from './feed-push-format';

describe('feed push wording', () => {
  it('writes a wait in its largest one or two units', () => {
    expect(durationText(0)).toBe('0 seconds');
    expect(durationText(1)).toBe('1 second');
    expect(durationText(59.9)).toBe('59 seconds');
    expect(durationText(60)).toBe('1 minute');
    expect(durationText(3599)).toBe('59 minutes');
    expect(durationText(3600)).toBe('1 hour');
    expect(durationText(2 * 3600 + 5 * 60)).toBe('2 hours 5 minutes');
    expect(durationText(86_400)).toBe('1 day');
    expect(durationText(3 * 86_400 + 4 * 3600 + 59)).toBe('3 days 4 hours');
    expect(durationText(-5)).toBe('0 seconds');
  });

  it('says how far behind the receiver is', () => {
    expect(lagText({ lagRecords: 0, lagSeconds: 0 })).toBe('Up to date');
    expect(lagText({ lagRecords: 1, lagSeconds: 3 })).toBe('1 record behind, the oldest waiting 3 seconds');
    expect(lagText({ lagRecords: 1200, lagSeconds: 7200 })).toBe('1200 records behind, the oldest waiting 2 hours');
  });

  it('names the event and the answer of a delivery', () => {
    expect(deliveryEventText({ type: 'ambulance-feed.test' })).toBe('Test event');
    expect(deliveryEventText({ type: 'ambulance-feed.records' })).toBe('Records');
    expect(deliveryAnswerText({ httpStatus: 204 })).toBe('HTTP 204');
    expect(deliveryAnswerText({ httpStatus: null })).toBe('No answer');
  });
});
