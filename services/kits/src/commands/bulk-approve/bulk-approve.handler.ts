import { Injectable } from '@nestjs/common';
import { type BulkApproveResponse, type Actor, assertAdmin } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { kitAuditLabel } from '../../domain/kit-audit';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';

export type BulkApproveRequest = { actor: Actor; kitIds: unknown[] };
export const MAX_BULK_APPROVE = 1000;

/** Approves the pending kits among the ids in one transaction; the others are reported, never counted. */
@Injectable()
export class BulkApproveHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly changed: KitChangedPublisher,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.bulkApprove)
  async execute({ actor, kitIds }: BulkApproveRequest): Promise<BulkApproveResponse> {
    assertAdmin(actor);
    if (!Array.isArray(kitIds) || kitIds.length === 0) throw ServiceError.validation(['kitIds must list at least one kit id']);
    if (kitIds.length > MAX_BULK_APPROVE) throw ServiceError.validation([`At most ${MAX_BULK_APPROVE} kits can be approved at once`]);
    const ids = [...new Set(kitIds.map((id) => Number(String(id).replace(/^BCK-/i, ''))))];
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw ServiceError.validation(['Kit id must be a positive whole number']);
    const { result } = await this.kits.write(async (m, firstRevision) => {
      const found = await this.kits.findByIds(ids, m, true);
      const pending = found.filter((k) => k.status === 'pending');
      let revision = firstRevision;
      const approvedAt = new Date().toISOString();
      for (const [i, kit] of pending.entries()) {
        if (i > 0) revision = await this.kits.nextRevision(m);
        await this.kits.update(m, revision, kit.id, { status: 'active', approvedAt, approvedBy: actor.id });
        // One entry per kit, as a single approval would record it: a kit's History reads the same either way.
        await this.audit.record(m, {
          actor,
          action: 'kit.approved',
          target: { type: 'kit', id: kit.id, label: kitAuditLabel(kit) },
          before: { status: kit.status },
          after: { status: 'active' },
        });
      }
      const foundIds = new Set(found.map((k) => k.id));
      return {
        approvedIds: pending.map((k) => k.id),
        notPending: found.filter((k) => k.status !== 'pending').map((k) => k.id),
        notFound: ids.filter((id) => !foundIds.has(id)),
        lastRevision: revision,
      };
    });
    if (result.approvedIds.length) this.changed.committed(result.lastRevision);
    const n = result.approvedIds.length;
    const skipped = result.notPending.length + result.notFound.length;
    return {
      approved: n,
      approvedIds: result.approvedIds,
      notPending: result.notPending,
      notFound: result.notFound,
      message: `${n} kits approved successfully.${skipped ? ` ${skipped} not approved (not pending or not found).` : ''}`,
    };
  }
}
