import type { ApprovedUpdate, CsvComparisonResponse } from '@bleedkits/contracts';

/** One change the admin reviews (the spec's other reading of the result: id, type, field, old and new value, kit info). */
export type ProposedChange =
  | {
      id: string;
      type: 'update';
      dbId: number;
      field: string;
      old_value: string | number | null;
      new_value: string;
      kit_info: { serial: string; location: string };
    }
  | { id: string; type: 'create'; csv_data: Record<string, string>; kit_info: { serial: string; location: string } };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Every difference of every matched kit, then every unmatched row as a new kit. */
export function proposedChanges(result: CsvComparisonResponse): ProposedChange[] {
  const changes: ProposedChange[] = [];
  for (const m of result.matched) {
    const kit_info = { serial: text(m.db_data.serial_number), location: text(m.db_data.location_name) };
    for (const d of m.differences) {
      changes.push({
        id: `u-${m.db_data.id}-${d.field}`,
        type: 'update',
        dbId: m.db_data.id,
        field: d.field,
        old_value: d.current,
        new_value: d.proposed,
        kit_info,
      });
    }
  }
  result.unmatched_csv.forEach((u, i) => {
    changes.push({
      id: `c-${i}`,
      type: 'create',
      csv_data: u.csv_data,
      kit_info: { serial: text(u.csv_data.serial_number), location: text(u.csv_data.location_name) },
    });
  });
  return changes;
}

/** The queue call's body: one update per kit with all its remaining changes, one create per new kit. */
export function approvedUpdates(changes: readonly ProposedChange[]): ApprovedUpdate[] {
  const updates = new Map<number, Extract<ApprovedUpdate, { action: 'update' }>>();
  const creates: ApprovedUpdate[] = [];
  for (const c of changes) {
    if (c.type === 'create') {
      creates.push({ action: 'create', csv_data: c.csv_data });
      continue;
    }
    const u = updates.get(c.dbId) ?? { action: 'update', db_id: c.dbId, changes: [] };
    u.changes.push({ field: c.field, old_value: c.old_value, new_value: c.new_value });
    updates.set(c.dbId, u);
  }
  return [...updates.values(), ...creates];
}

/** The per-update table cuts error messages at 50 characters (spec). */
export function shortError(message: string | null, length = 50): string {
  if (!message) return '';
  return message.length > length ? `${message.slice(0, length)}...` : message;
}
