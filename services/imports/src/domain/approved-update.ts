import { type ComparedKitField, IMPORT_MAX_CELL_LENGTH, comparedKitField } from '@bleedkits/contracts';

/** An approved update checked on receipt: what the update job stores and later applies. */
export type ValidUpdate =
  | { action: 'update'; kitId: number; changes: { field: ComparedKitField; oldValue: string | null; newValue: string }[] }
  | { action: 'create'; row: Record<string, string> };

export type UpdateReading = { ok: true; value: ValidUpdate } | { ok: false; message: string };

const MAX_CHANGES = 50;
const MAX_ROW_FIELDS = 100;

function scalar(v: unknown): v is string | number | boolean | null | undefined {
  return v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);
}
const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The spec's shapes: {action: 'update', db_id, changes[{field, old_value, new_value}]} or {action: 'create', csv_data}. */
export function readApprovedUpdate(input: unknown): UpdateReading {
  if (typeof input !== 'object' || input === null) return { ok: false, message: 'must be an object' };
  const u = input as Record<string, unknown>;
  if (u.action === 'update') {
    const kitId = Number(String(u.db_id ?? '').replace(/^BCK-/i, ''));
    if (!Number.isSafeInteger(kitId) || kitId <= 0) return { ok: false, message: 'db_id must be a kit id' };
    if (!Array.isArray(u.changes) || u.changes.length === 0) return { ok: false, message: 'changes must be a non-empty array' };
    if (u.changes.length > MAX_CHANGES) return { ok: false, message: `at most ${MAX_CHANGES} changes per kit` };
    const changes: Extract<ValidUpdate, { action: 'update' }>['changes'] = [];
    for (const c of u.changes as unknown[]) {
      const change = (c ?? {}) as Record<string, unknown>;
      const field = comparedKitField(String(change.field ?? ''));
      if (!field) return { ok: false, message: `'${String(change.field)}' is not a field that can be updated` };
      if (!scalar(change.old_value) || !scalar(change.new_value))
        return { ok: false, message: `${String(change.field)}: values must be text or numbers` };
      const newValue = asText(change.new_value).trim();
      if (newValue.length > IMPORT_MAX_CELL_LENGTH)
        return { ok: false, message: `${String(change.field)} is longer than ${IMPORT_MAX_CELL_LENGTH} characters` };
      if (changes.some((x) => x.field === field)) return { ok: false, message: `${String(change.field)} is changed twice` };
      changes.push({ field, oldValue: change.old_value === null || change.old_value === undefined ? null : asText(change.old_value), newValue });
    }
    return { ok: true, value: { action: 'update', kitId, changes } };
  }
  if (u.action === 'create') {
    const data = u.csv_data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, message: 'csv_data must be an object' };
    const entries = Object.entries(data as Record<string, unknown>);
    if (entries.length > MAX_ROW_FIELDS) return { ok: false, message: `csv_data has more than ${MAX_ROW_FIELDS} fields` };
    const row: Record<string, string> = {};
    for (const [k, v] of entries) {
      if (!scalar(v)) return { ok: false, message: `csv_data.${k} must be text or a number` };
      const text = asText(v).trim();
      if (text.length > IMPORT_MAX_CELL_LENGTH) return { ok: false, message: `csv_data.${k} is longer than ${IMPORT_MAX_CELL_LENGTH} characters` };
      row[k.slice(0, 200)] = text;
    }
    return { ok: true, value: { action: 'create', row } };
  }
  return { ok: false, message: "action must be 'update' or 'create'" };
}
