import { Injectable } from '@nestjs/common';
import type { Actor, ListPartRequest } from '@bleedkits/contracts';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { kitListPart, listWindow } from '../list-part';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export type ListOwnerKitsRequest = ListPartRequest & { actor: Actor };

/**
 * The dashboard's list: only the caller's own kits, whatever their role, one part (a ListPart<Kit>, newest first)
 * per request. An organisation may own thousands of kits, so the gateway puts the parts together.
 */
@Injectable()
export class ListOwnerKitsHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
  ) {}

  @Handles(KitsSubjects.ownerList)
  async execute(req: ListOwnerKitsRequest): Promise<PreSerialisedJson> {
    const { after, limit } = listWindow(req);
    const states = await this.kits.findPage({ ownerId: req.actor.id }, after, limit);
    return kitListPart(await this.views.forActor(req.actor, states), limit, after);
  }
}
