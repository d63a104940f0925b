/** 'Offline: showing kits as of 21 November 2026', the date in London. */
export function offlineNotice(asOf: string): string {
  const date = new Date(asOf);
  const text = Number.isNaN(date.getTime())
    ? asOf
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  return `Offline: showing kits as of ${text}`;
}
