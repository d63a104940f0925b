import { Injectable } from '@nestjs/common';
import type { Kit, Actor, KitStatusChangeResponse } from '@bleedkits/contracts';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { type StatusTransition, nextStatus, transitionTo } from '../../domain/kit-status-transitions';
import { KitRepository } from '../../database/kit.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { kitAuditLabel } from '../../domain/kit-audit';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';
import { toAdminKit } from '../../queries/admin-kits/admin-kits';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export type ChangeKitStatusRequest = { actor: Actor; kitId: number | string };
export type ChangeKitStatusToRequest = ChangeKitStatusRequest & { status: string };

const DONE = { approve: 'Kit approved', reject: 'Kit rejected', reactivate: 'Kit reactivated' } as const;

/**
 * Approve, reject, reactivate: admin only, and only from the status the transition starts at. One handler for both
 * ways of asking (the transition named, or the legacy target status), as they share every rule.
 */
@Injectable()
export class ChangeKitStatusHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.approve)
  approve(req: ChangeKitStatusRequest): Promise<Kit> {
    return this.execute('approve', req);
  }

  @Handles(KitsSubjects.reject)
  reject(req: ChangeKitStatusRequest): Promise<Kit> {
    return this.execute('reject', req);
  }

  @Handles(KitsSubjects.reactivate)
  reactivate(req: ChangeKitStatusRequest): Promise<Kit> {
    return this.execute('reactivate', req);
  }

  async execute(transition: StatusTransition, { actor, kitId }: ChangeKitStatusRequest): Promise<Kit> {
    if (actor?.role !== 'admin') throw KitErrors.adminOnly();
    const id = parseKitId(kitId);
    const { result, revision } = await this.kits.write(async (m, rev) => {
      const current = await this.kits.findById(id, m, true);
      if (!current) throw KitErrors.notFound();
      const status = nextStatus(current.status, transition);
      const approval = status === 'active' ? { approvedAt: new Date().toISOString(), approvedBy: actor.id } : {};
      const updated = await this.kits.update(m, rev, id, { status, ...approval });
      // A reactivation is an approval of a rejected kit: the trail says so in the same words.
      await this.audit.record(m, {
        actor,
        action: transition === 'reject' ? 'kit.rejected' : 'kit.approved',
        target: { type: 'kit', id, label: kitAuditLabel(current) },
        before: { status: current.status },
        after: { status },
      });
      return updated;
    });
    this.changed.committed(revision);
    return (await this.views.forActor(actor, [result]))[0];
  }

  /**
   * GET /api/kit-status?id=&status=: the target status picks approve, reject or reactivate from the kit's current
   * status. The role is checked first, so nobody but an admin learns whether a kit id exists.
   */
  @Handles(KitsSubjects.changeStatus)
  async changeTo(req: ChangeKitStatusToRequest): Promise<KitStatusChangeResponse> {
    if (req.actor?.role !== 'admin') throw KitErrors.adminOnly();
    const current = await this.kits.findById(parseKitId(req.kitId));
    if (!current) throw KitErrors.notFound();
    const transition = transitionTo(current.status, req.status);
    const kit = await this.execute(transition, req);
    return { message: DONE[transition], kit: toAdminKit(kit) };
  }
}
