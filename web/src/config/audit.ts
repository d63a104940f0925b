import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '@bleedkits/contracts';

/** An entry's action in words (the labels live in contracts). */
export const auditActionLabel = (action: AuditAction): string => AUDIT_ACTION_LABELS[action] ?? action;

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/** Each changed field as "field: before → after" (a deletion shows what was there, a creation what is now). */
export function auditChangeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => {
    if (!entry.after) return `${field}: ${shown(entry.before?.[field])} (removed)`;
    if (!entry.before) return `${field}: ${shown(entry.after[field])}`;
    return `${field}: ${shown(entry.before[field])} → ${shown(entry.after[field])}`;
  });
}

/** When an entry happened, in the UK's local time. */
export const auditTime = (at: string): string =>
  new Date(at).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });
