import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, KitsSubjects, type ListPartRequest } from '@bleedkits/contracts';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { kitListPart, listWindow } from '../list-part';

/**
 * The dashboard's list: only the caller's own kits, whatever their role, one part (a ListPart<Kit>, newest first)
 * per request. An organisation may own thousands of kits, so the gateway puts the parts together.
 */
@Controller()
export class ListOwnerKitsMessageController {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
  ) {}

  @MessagePattern(KitsSubjects.ownerList)
  async handle(@Payload() req: ListPartRequest & { actor: Actor }): Promise<PreSerialisedJson> {
    const { after, limit } = listWindow(req);
    const states = await this.kits.findPage({ ownerId: req.actor.id }, after, limit);
    return kitListPart(await this.views.forActor(req.actor, states), limit, after);
  }
}
