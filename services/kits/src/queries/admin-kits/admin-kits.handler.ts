import { Injectable } from '@nestjs/common';
import { KIT_STATUSES, type Actor, type ListPartRequest, assertAdmin } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { kitListPart, listWindow } from '../list-part';
import { toAdminKit } from './admin-kits';
import { Handles } from '@bleedkits/platform';

export type AdminKitsRequest = ListPartRequest & { actor: Actor; status?: string };

/**
 * All kits (GET /api/test-kits) or one status (pending list), in the admin view with owner e-mails: one part
 * (a ListPart<AdminKit>, newest first) per request; the gateway asks for the next until there are no more.
 */
@Injectable()
export class AdminKitsHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
  ) {}

  @Handles(KitsSubjects.adminList)
  async execute(req: AdminKitsRequest): Promise<PreSerialisedJson> {
    assertAdmin(req?.actor);
    const status = (KIT_STATUSES as readonly string[]).includes(req.status ?? '') ? req.status : undefined;
    const { after, limit } = listWindow(req);
    const now = new Date();
    const states = await this.kits.findPage({ status }, after, limit);
    return kitListPart(
      (await this.views.forActor(req.actor, states)).map((k) => toAdminKit(k, now)),
      limit,
      after,
    );
  }
}
