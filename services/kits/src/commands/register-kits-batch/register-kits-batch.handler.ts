import { Injectable } from '@nestjs/common';
import {
  ImportMessages,
  REGISTER_BATCH_MAX,
  type Actor,
  type RegisterBatchOutcome,
  type RegisterBatchRequest,
  type RegisterBatchResponse,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { readKitInput } from '../../domain/kit-input';
import type { KitFields } from '../../domain/kit-state';
import { IdempotencyKeyRepository, isIdempotencyKey } from '../../database/idempotency-key.repository';
import { KitRepository } from '../../database/kit.repository';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';

/** Whose kits these become: the caller's, or (admins only) the account they name. */
function ownerOf(actor: Actor, ownerId: string | null | undefined): string {
  if (!ownerId || ownerId === actor.id) return actor.id;
  if (actor.role !== 'admin') throw ServiceError.forbidden(ImportMessages.otherAccount);
  return ownerId;
}

/**
 * kits.cmd.register-batch.v1: registers each entry exactly as the form's registration does (same rules, pending,
 * owned by the registrant, ambulance service detected), under an idempotency key. An entry whose key already made a
 * kit answers that kit again, so a CSV import retried after a crash never registers a row twice.
 */
@Injectable()
export class RegisterKitsBatchHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly makes: ManufacturerRepository,
    private readonly keys: IdempotencyKeyRepository,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.registerBatch)
  async execute({ actor, ownerId, entries }: RegisterBatchRequest): Promise<RegisterBatchResponse> {
    if (!actor?.id) throw ServiceError.unauthenticated('Not signed in');
    if (!Array.isArray(entries)) throw ServiceError.validation(['entries must be an array']);
    if (entries.length > REGISTER_BATCH_MAX) throw ServiceError.validation([`At most ${REGISTER_BATCH_MAX} kits per batch`]);
    if (entries.some((e) => !isIdempotencyKey(e?.idempotencyKey))) throw ServiceError.validation(['Every entry needs an idempotency key']);
    const owner = ownerOf(actor, ownerId);
    const makes = await this.makes.keys();
    const checked = entries.map((e) => ({ key: e.idempotencyKey, ...readKitInput(e.kit ?? {}, makes) }));

    const outcomes = new Map<string, RegisterBatchOutcome>();
    const settle = (remembered: Map<string, { kitId: number }>) => {
      for (const c of checked) {
        if (outcomes.has(c.key)) continue;
        const prior = remembered.get(c.key);
        if (prior) outcomes.set(c.key, { idempotencyKey: c.key, kitId: prior.kitId, replayed: true });
        else if (!c.fields) outcomes.set(c.key, { idempotencyKey: c.key, errors: c.errors });
      }
    };
    // Most retried entries are found without taking the revision lock; the check is repeated under it.
    settle(await this.keys.find(checked.map((c) => c.key)));
    const toCreate = checked.filter((c): c is typeof c & { fields: KitFields } => !outcomes.has(c.key) && !!c.fields);
    if (toCreate.length) {
      const { result: lastRevision } = await this.kits.write(async (m, firstRevision) => {
        settle(
          await this.keys.find(
            toCreate.map((c) => c.key),
            m,
          ),
        );
        let revision = firstRevision;
        let used = false;
        for (const c of toCreate) {
          if (outcomes.has(c.key)) continue;
          if (used) revision = await this.kits.nextRevision(m);
          used = true;
          const kit = await this.kits.insert(m, revision, { ...c.fields, ownerId: owner, status: 'pending', manuallyChecked: false });
          await this.keys.remember(m, 'register-batch', { key: c.key, kitId: kit.id, revision });
          outcomes.set(c.key, { idempotencyKey: c.key, kitId: kit.id, replayed: false });
        }
        return used ? revision : null;
      });
      if (lastRevision !== null) this.changed.committed(lastRevision);
    }
    return { outcomes: entries.map((e) => outcomes.get(e.idempotencyKey)!) };
  }
}
