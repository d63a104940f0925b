/** dd/MM/yyyy HH:mm in UK time; 'Never' when there is no time (the ambulance feed card and its push view). */
export function feedTime(value: string | null): string {
  if (!value) return 'Never';
  const d = new Date(value);
  const time = d.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
  return `${d.toLocaleDateString('en-GB', { timeZone: 'Europe/London' })} ${time}`;
}
