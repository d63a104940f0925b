import { Injectable } from '@nestjs/common';
import {
  AMBULANCE_SERVICES,
  COMPARISON_FIELDS,
  type ComparedKitField,
  type KitRegistration,
  type UpdateIfUnchangedRequest,
  type UpdateIfUnchangedResponse,
  comparableValue,
  comparisonFieldOf,
  staleValueMessage,
  assertAdmin,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { readKitInput } from '../../domain/kit-input';
import type { KitState } from '../../domain/kit-state';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { IdempotencyKeyRepository, isIdempotencyKey } from '../../database/idempotency-key.repository';
import { KitRepository } from '../../database/kit.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { kitEditedEntry } from '../../domain/kit-audit';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';

const COMPARED = new Set<string>(COMPARISON_FIELDS.map(([, kit]) => kit));

/** The stored kit as a registration the changes are merged into (optional fields absent rather than null). */
function registrationOf(k: KitState): KitRegistration {
  const orUndefined = (v: string | null) => v ?? undefined;
  return {
    ...k,
    otherMake: orUndefined(k.otherMake),
    cabinetCode: orUndefined(k.cabinetCode),
    addressLine2: orUndefined(k.addressLine2),
    what3words: orUndefined(k.what3words),
    detailedLocation: orUndefined(k.detailedLocation),
    availability: orUndefined(k.availability),
  };
}

/**
 * kits.cmd.update-if-unchanged.v1 (a queued CSV update, admins only): each change names the value the comparison
 * saw; if any field holds something else now, someone edited the kit since and nothing is written (409 with the
 * field, its value now and the value expected) rather than overwriting that newer edit. The merged kit passes the
 * registration rules like an admin edit; status, owner and manually-checked never change here. Keyed: a retried
 * update answers its first result instead of failing against its own write.
 */
@Injectable()
export class UpdateIfUnchangedHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly makes: ManufacturerRepository,
    private readonly keys: IdempotencyKeyRepository,
    private readonly changed: KitChangedPublisher,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.updateIfUnchanged)
  async execute({ actor, kitId, idempotencyKey, changes }: UpdateIfUnchangedRequest): Promise<UpdateIfUnchangedResponse> {
    assertAdmin(actor);
    const id = parseKitId(kitId);
    if (!isIdempotencyKey(idempotencyKey)) throw ServiceError.validation(['An idempotency key is required']);
    if (!Array.isArray(changes) || changes.length === 0) throw ServiceError.validation(['changes must be a non-empty array']);
    for (const c of changes) {
      if (!COMPARED.has(c?.field)) throw ServiceError.validation([`${String(c?.field)} is not a field a CSV update may change`]);
      if (c.field === 'ambulanceService' && !(AMBULANCE_SERVICES as readonly string[]).includes(String(c.newValue ?? ''))) {
        throw ServiceError.validation([`ambulance_service must be one of: ${AMBULANCE_SERVICES.join(', ')}.`]);
      }
    }
    const earlier = (await this.keys.find([idempotencyKey])).get(idempotencyKey);
    if (earlier) return { kitId: earlier.kitId, revision: earlier.revision, replayed: true };
    const makes = await this.makes.keys();

    const { result } = await this.kits.write(async (m, revision): Promise<UpdateIfUnchangedResponse> => {
      const again = (await this.keys.find([idempotencyKey], m)).get(idempotencyKey);
      if (again) return { kitId: again.kitId, revision: again.revision, replayed: true };
      const current = await this.kits.findById(id, m, true);
      if (!current) throw KitErrors.notFound();
      for (const c of changes) {
        const now = current[c.field as ComparedKitField];
        if (comparableValue(c.field, now) !== comparableValue(c.field, c.oldValue)) {
          // The message shows the values as stored and as compared, not their normalised forms.
          throw ServiceError.conflict(staleValueMessage(comparisonFieldOf(c.field), String(now ?? ''), String(c.oldValue ?? '')));
        }
      }
      const merged: KitRegistration = { ...registrationOf(current) };
      for (const c of changes) (merged as Record<string, unknown>)[c.field] = c.newValue == null ? '' : String(c.newValue);
      const { errors, fields } = readKitInput(merged, new Set([...makes, current.make]));
      if (!fields) throw ServiceError.validation(errors);
      const { status: _status, ownerId: _owner, manuallyChecked: _checked, ...editable } = fields;
      const updated = await this.kits.update(m, revision, id, editable);
      // A CSV update is the admin's edit of the kit: the same entry as an edit in the form, in the same transaction.
      await this.audit.record(m, kitEditedEntry(actor, current, updated));
      await this.keys.remember(m, 'update-if-unchanged', { key: idempotencyKey, kitId: id, revision });
      return { kitId: id, revision, replayed: false };
    });
    if (!result.replayed) this.changed.committed(result.revision);
    return result;
  }
}
