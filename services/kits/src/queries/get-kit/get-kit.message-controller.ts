import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Kit, type Actor, KitsSubjects } from '@bleedkits/contracts';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';

/** Owner or admin; anyone else is told the kit does not exist. */
@Controller()
export class GetKitMessageController {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
  ) {}

  @MessagePattern(KitsSubjects.getKit)
  async handle(@Payload() req: { actor: Actor; kitId: number | string }): Promise<Kit> {
    const kit = await this.kits.findById(parseKitId(req.kitId));
    if (!kit || (req.actor.role !== 'admin' && kit.ownerId !== req.actor.id)) throw KitErrors.notFound();
    return (await this.views.forActor(req.actor, [kit]))[0];
  }
}
