import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AdminKit, IdentitySubjects, type KitActor, KitsSubjects } from '@bleedkits/contracts';
import { NatsBus, ServiceError } from '@bleedkits/platform';
import { assertAdmin } from '../../domain/admin-only';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';
import { toAdminKit } from '../../queries/admin-kits/admin-kits';

/** PATCH /api/admin/bleed-kits/reassign: an admin gives a kit to another user (or none: 'Unassigned'). */
@Controller()
export class ReassignKitMessageController {
  constructor(private readonly kits: KitRepository, private readonly bus: NatsBus, private readonly views: KitViews, private readonly changed: KitChangedPublisher) {}

  @MessagePattern(KitsSubjects.reassign)
  async handle(@Payload() req: { actor: KitActor; kitId: number | string; userId: string | null }): Promise<AdminKit> {
    assertAdmin(req?.actor);
    const id = parseKitId(req.kitId);
    const userId = req.userId || null;
    if (userId) {
      const { emails } = await this.bus.request<{ emails: Record<string, string> }>(IdentitySubjects.userEmails, { userIds: [userId] });
      if (!emails[userId]) throw ServiceError.notFound('User not found');
    }
    const { result, revision } = await this.kits.write(async (m, rev) => {
      if (!(await this.kits.findById(id, m, true))) throw KitErrors.notFound();
      return this.kits.update(m, rev, id, { ownerId: userId });
    });
    this.changed.committed(revision);
    return toAdminKit((await this.views.forActor(req.actor, [result]))[0]);
  }
}
