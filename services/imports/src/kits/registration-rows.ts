import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  ImportMessages,
  REGISTER_BATCH_MAX,
  type Actor,
  KitMessages,
  type KitRegistration,
  type RegisterBatchRequest,
  normalisePostcode,
} from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import { type ImportedRow, locationOf } from '../domain/import-row';
import type { RowOutcome } from '../database/import-job.repository';
import { KitsClient } from './kits.client';
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
    const entries: PartEntry[] = [];
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
      for (const outcome of await this.registerPart(actor, ownerId, part)) outcomes.set(outcome.row, outcome);
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

  /**
   * One kits request for a part of the batch. When the kits context refuses the part as a whole (a row it could not
   * read), each row is sent alone so that only the rows at fault fail: a refused row gets the kits context's
   * messages; a row that alone makes an internal error, while others of the part register, gets a message with
   * the error's reference. When every row fails internally the fault is not the rows' (the kits context or its
   * database): the error is thrown and the job retries from its last committed row.
   */
  private async registerPart(actor: Actor, ownerId: string | null, part: readonly PartEntry[]): Promise<RowOutcome[]> {
    try {
      return await this.registerTogether(actor, ownerId, part);
    } catch (e) {
      if (!isRowFault(e)) throw e;
      if (part.length === 1) {
        if (e.body.code === ErrorCode.ValidationFailed)
          return [{ row: part[0].row, errors: e.body.errors?.length ? e.body.errors : [e.body.message] }];
        throw e;
      }
      const outcomes: RowOutcome[] = [];
      const internal: { row: number; reference: string }[] = [];
      for (const entry of part) {
        try {
          outcomes.push(...(await this.registerPart(actor, ownerId, [entry])));
        } catch (single) {
          if (!(single instanceof RemoteCallError) || single.body.code !== ErrorCode.Internal) throw single;
          internal.push({ row: entry.row, reference: single.body.errorId ?? '' });
        }
      }
      if (internal.length === part.length) throw e;
      return [...outcomes, ...internal.map(({ row, reference }) => ({ row, errors: [ImportMessages.rowNotRegistered(reference)] }))];
    }
  }

  private async registerTogether(actor: Actor, ownerId: string | null, part: readonly PartEntry[]): Promise<RowOutcome[]> {
    const res = await this.kits.registerBatch({ actor, ownerId, entries: part.map(({ idempotencyKey, kit }) => ({ idempotencyKey, kit })) });
    return res.outcomes.map((o, i) => {
      const row = part[i].row;
      return 'kitId' in o ? { row, kitId: o.kitId } : { row, errors: o.errors };
    });
  }
}

type PartEntry = RegisterBatchRequest['entries'][number] & { row: number };

/** A refusal that may be one row's doing: its values refused, or the kits context failing on them. */
function isRowFault(e: unknown): e is RemoteCallError {
  return e instanceof RemoteCallError && (e.body.code === ErrorCode.ValidationFailed || e.body.code === ErrorCode.Internal);
}
