import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type KitActor, KitsSubjects, type OwnerKitsResponse } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';

/** The dashboard's list: only the caller's own kits, whatever their role. */
@Controller()
export class ListOwnerKitsMessageController {
  constructor(private readonly kits: KitRepository, private readonly views: KitViews) {}

  @MessagePattern(KitsSubjects.ownerList)
  async handle(@Payload() req: { actor: KitActor }): Promise<OwnerKitsResponse> {
    const kits = await this.views.forActor(req.actor, await this.kits.findByOwner(req.actor.id));
    return { kits, userRole: req.actor.role };
  }
}
