import { Injectable } from '@nestjs/common';
import { type Kit, type Actor, KitMessages, isDeploymentStatus } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';

export type SetDeploymentStatusRequest = { actor: Actor; kitId: number | string; status: string; notes?: string | null };

/** Any of available, unchecked, deployed may become any other, with optional notes; each change is kept with who and when. */
@Injectable()
export class SetDeploymentStatusHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.setDeploymentStatus)
  async execute({ actor, kitId, status, notes }: SetDeploymentStatusRequest): Promise<Kit> {
    const id = parseKitId(kitId);
    if (!isDeploymentStatus(status)) throw ServiceError.validation([KitMessages.unknownDeploymentStatus]);
    const cleanNotes = typeof notes === 'string' && notes.trim() ? notes.trim().slice(0, 2000) : null;
    const { result, revision } = await this.kits.write(async (m, rev) => {
      const current = await this.kits.findById(id, m, true);
      if (!current || (actor.role !== 'admin' && current.ownerId !== actor.id)) throw KitErrors.notFound();
      await this.kits.recordDeploymentChange(m, id, { status, notes: cleanNotes, changedBy: actor.id });
      return this.kits.update(m, rev, id, { deploymentStatus: status, deploymentNotes: cleanNotes });
    });
    this.changed.committed(revision);
    return (await this.views.forActor(actor, [result]))[0];
  }
}
