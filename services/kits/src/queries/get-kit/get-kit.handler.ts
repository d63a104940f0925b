import { Injectable } from '@nestjs/common';
import type { Kit, Actor } from '@bleedkits/contracts';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export type GetKitRequest = { actor: Actor; kitId: number | string };

/** Owner or admin; anyone else is told the kit does not exist. */
@Injectable()
export class GetKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
  ) {}

  @Handles(KitsSubjects.getKit)
  async execute(req: GetKitRequest): Promise<Kit> {
    const kit = await this.kits.findById(parseKitId(req.kitId));
    if (!kit || (req.actor.role !== 'admin' && kit.ownerId !== req.actor.id)) throw KitErrors.notFound();
    return (await this.views.forActor(req.actor, [kit]))[0];
  }
}
