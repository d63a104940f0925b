import { Injectable } from '@nestjs/common';
import { type AdminKit, type Actor, assertAdmin } from '@bleedkits/contracts';
import { IdentitySubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus, ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';
import { toAdminKit } from '../../queries/admin-kits/admin-kits';

export type ReassignKitRequest = { actor: Actor; kitId: number | string; userId: string | null };

/** PATCH /api/admin/bleed-kits/reassign: an admin gives a kit to another user (or none: 'Unassigned'). */
@Injectable()
export class ReassignKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly bus: NatsBus,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.reassign)
  async execute({ actor, kitId, userId: rawUserId }: ReassignKitRequest): Promise<AdminKit> {
    assertAdmin(actor);
    const id = parseKitId(kitId);
    const userId = typeof rawUserId === 'string' && rawUserId ? rawUserId : null;
    if (userId) {
      // Identity owns users: the new owner must exist there before the kit names them.
      const { emails } = await this.bus.request(IdentitySubjects.userEmails, { userIds: [userId] });
      if (!emails[userId]) throw ServiceError.notFound('User not found');
    }
    const { result, revision } = await this.kits.write(async (m, rev) => {
      if (!(await this.kits.findById(id, m, true))) throw KitErrors.notFound();
      return this.kits.update(m, rev, id, { ownerId: userId });
    });
    this.changed.committed(revision);
    return toAdminKit((await this.views.forActor(actor, [result]))[0]);
  }
}
