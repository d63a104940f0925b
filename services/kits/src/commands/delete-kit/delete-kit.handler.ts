import { Injectable } from '@nestjs/common';
import type { Actor, MessageResponse } from '@bleedkits/contracts';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { kitAuditFields, kitAuditLabel } from '../../domain/kit-audit';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export type DeleteKitRequest = { actor: Actor; kitId: number | string };

/** The owner or an admin deletes; the kit leaves a tombstone in the feed so every projection drops it. */
@Injectable()
export class DeleteKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly changed: KitChangedPublisher,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.delete)
  async execute({ actor, kitId }: DeleteKitRequest): Promise<MessageResponse> {
    const id = parseKitId(kitId);
    const { revision } = await this.kits.write(async (m, rev) => {
      const current = await this.kits.findById(id, m, true);
      if (!current || (actor.role !== 'admin' && current.ownerId !== actor.id)) throw KitErrors.notFound();
      await this.kits.delete(m, rev, id);
      await this.audit.record(m, {
        actor,
        action: 'kit.deleted',
        target: { type: 'kit', id, label: kitAuditLabel(current) },
        before: kitAuditFields(current),
        after: null,
      });
    });
    this.changed.committed(revision);
    return { message: 'Kit deleted' };
  }
}
