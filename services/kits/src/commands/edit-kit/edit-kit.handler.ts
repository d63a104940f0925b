import { Injectable } from '@nestjs/common';
import { type Kit, type Actor, type KitEditRequest, KitMessages, type KitRegistration, KIT_STATUSES, type KitStatus } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { publicListingChanged, readKitInput } from '../../domain/kit-input';
import type { KitState } from '../../domain/kit-state';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitRepository, type KitPatch } from '../../database/kit.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { kitEditedEntry } from '../../domain/kit-audit';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';

export type EditKitRequest = { actor: Actor } & KitEditRequest;

function asRegistration(k: KitState): KitRegistration {
  return {
    ...k,
    otherMake: k.otherMake ?? undefined,
    cabinetCode: k.cabinetCode ?? undefined,
    addressLine2: k.addressLine2 ?? undefined,
    what3words: k.what3words ?? undefined,
    detailedLocation: k.detailedLocation ?? undefined,
    availability: k.availability ?? undefined,
  };
}

/**
 * PUT /api/admin/kit-edit. The owner edits their own kit; admins edit any and alone may set manually checked,
 * status and owner. The merged kit is validated as a registration would be. A `revision` older than the kit's
 * answers 409 (someone saved in between); an owner's change to what the public map shows sends an approved kit
 * back for approval (docs/decisions.md).
 */
@Injectable()
export class EditKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly makes: ManufacturerRepository,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.edit)
  async execute({ actor, kitId, revision: seenRevision, data }: EditKitRequest): Promise<Kit> {
    const id = parseKitId(kitId);
    if (seenRevision !== undefined && seenRevision !== null && !Number.isSafeInteger(seenRevision))
      throw ServiceError.validation(['revision must be a whole number']);
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data)))
      throw ServiceError.validation(['data must be an object of kit fields']);
    const makes = await this.makes.keys();
    const isAdmin = actor.role === 'admin';
    const { result, revision } = await this.kits.write(async (m, rev) => {
      const current = await this.kits.findById(id, m, true);
      if (!current || (!isAdmin && current.ownerId !== actor.id)) throw KitErrors.notFound();
      // Checked under the row lock: a save from a copy older than the stored kit would silently undo a change.
      if (seenRevision !== undefined && seenRevision !== null && seenRevision !== current.revision)
        throw ServiceError.conflict(KitMessages.staleEdit);
      const changes = data ?? {};
      if (changes.manuallyChecked !== undefined && typeof changes.manuallyChecked !== 'boolean')
        throw ServiceError.validation([KitMessages.manuallyChecked]);
      if (changes.userId !== undefined && changes.userId !== null && typeof changes.userId !== 'string')
        throw ServiceError.validation(['userId must be a user id']);
      const adminPatch: KitPatch = {};
      if (changes.manuallyChecked !== undefined && changes.manuallyChecked !== current.manuallyChecked)
        adminPatch.manuallyChecked = changes.manuallyChecked;
      if (changes.status !== undefined && changes.status !== current.status) {
        if (!(KIT_STATUSES as readonly string[]).includes(changes.status))
          throw ServiceError.validation([`Status must be one of: ${KIT_STATUSES.join(', ')}.`]);
        adminPatch.status = changes.status as KitStatus;
        if (changes.status === 'active') {
          adminPatch.approvedAt = new Date().toISOString();
          adminPatch.approvedBy = actor.id;
        }
      }
      if (changes.userId !== undefined && changes.userId !== current.ownerId) adminPatch.ownerId = changes.userId || null;
      if (!isAdmin && Object.keys(adminPatch).length) throw KitErrors.adminOnlyField();

      // readKitInput re-detects an empty or unknown ambulance service from the (possibly new) address.
      const merged = { ...asRegistration(current), ...changes };
      const { errors, fields } = readKitInput(merged, new Set([...makes, current.make]));
      if (!fields) throw ServiceError.validation(errors);
      const { status: _status, ownerId: _owner, manuallyChecked: _checked, ...editable } = fields;
      const patch: KitPatch = { ...editable, ...adminPatch };
      if (!isAdmin && current.status === 'active' && publicListingChanged(current, fields)) {
        patch.status = 'pending';
        patch.manuallyChecked = false;
        patch.approvedAt = null;
      }
      const updated = await this.kits.update(m, rev, id, patch);
      // Changed fields only; an edit that changed nothing records nothing (platform/src/audit).
      await this.audit.record(m, kitEditedEntry(actor, current, updated));
      return updated;
    });
    this.changed.committed(revision);
    return (await this.views.forActor(actor, [result]))[0];
  }
}
