import { Injectable } from '@nestjs/common';
import {
  ImportMessages,
  REGISTER_BATCH_MAX,
  type Actor,
  KitMessages,
  type KitRegistration,
  type RegisterBatchRequest,
  normalisePostcode,
} from '@bleedkits/contracts';
import { type ImportedRow, locationOf } from '../domain/import-row';
import type { RowOutcome } from '../database/import-job.repository';
import { KitsClient } from '../kits/kits.client';
import { PostcodeGeocoder } from '../providers/geocoding/postcode-geocoder.port';
import { registrationMessages } from './registration-check';

/** A kits request stays well under NATS's 1 MB whatever the rows hold (cells may be 5,000 characters). */
const REQUEST_BYTES = 400_000;

/**
 * Rows to kits, the way the form registers one: a row without coordinates is first located from its postcode
 * (the register's gazetteer, then postcodes.io), then the form's DTO checks it, then the kits context registers it
 * under the key `<keyPrefix><row>` (its own rules too). Every row gets an outcome: a kit id or its messages.
 */
@Injectable()
export class RegistrationRows {
  constructor(
    private readonly geocoder: PostcodeGeocoder,
    private readonly kits: KitsClient,
  ) {}

  async register(keyPrefix: string, actor: Actor, ownerId: string | null, rows: readonly ImportedRow[]): Promise<RowOutcome[]> {
    const where = new Map(rows.map((r) => [r.row, locationOf(r.kit)]));
    const toLocate = rows.filter((r) => where.get(r.row) === 'from-postcode').map((r) => String(r.kit.postcode ?? ''));
    const located = toLocate.length ? await this.geocoder.locate(toLocate) : new Map();

    const outcomes = new Map<number, RowOutcome>();
    const entries: (RegisterBatchRequest['entries'][number] & { row: number })[] = [];
    for (const r of rows) {
      const kit = { ...r.kit };
      const postcode = String(kit.postcode ?? '');
      const place = where.get(r.row) === 'from-postcode' ? located.get(normalisePostcode(postcode)) : undefined;
      if (place) {
        kit.latitude = place.latitude;
        kit.longitude = place.longitude;
      }
      const messages = [...r.errors, ...registrationMessages(kit)].map((m) => {
        if (m !== KitMessages.location) return m;
        return where.get(r.row) === 'half' ? ImportMessages.halfLocation : ImportMessages.postcodeNotLocated(postcode);
      });
      if (messages.length) outcomes.set(r.row, { row: r.row, errors: messages });
      else entries.push({ row: r.row, idempotencyKey: `${keyPrefix}${r.row}`, kit: kit as KitRegistration });
    }

    let part: typeof entries = [];
    let bytes = 0;
    const send = async () => {
      if (!part.length) return;
      const res = await this.kits.registerBatch({ actor, ownerId, entries: part.map(({ idempotencyKey, kit }) => ({ idempotencyKey, kit })) });
      res.outcomes.forEach((o, i) => {
        const row = part[i].row;
        outcomes.set(row, 'kitId' in o ? { row, kitId: o.kitId } : { row, errors: o.errors });
      });
      part = [];
      bytes = 0;
    };
    for (const e of entries) {
      const size = JSON.stringify(e.kit).length;
      if (bytes + size > REQUEST_BYTES || part.length >= REGISTER_BATCH_MAX) await send();
      part.push(e);
      bytes += size;
    }
    await send();
    return rows.map((r) => outcomes.get(r.row)!);
  }
}
