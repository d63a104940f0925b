import { formatBytes, formatDateTime, formatDuration } from './format';

describe('backup display formats', () => {
  it('formats sizes in binary units with one decimal', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024 + 300 * 1024)).toBe('5.3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('formats durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
  });

  it('shows UK local time, summer and winter', () => {
    expect(formatDateTime('2025-07-06T01:00:00.000Z')).toBe('06/07/2025 02:00');
    expect(formatDateTime('2025-01-05T02:00:00.000Z')).toBe('05/01/2025 02:00');
    expect(formatDateTime(null)).toBe('Never');
  });
});
