import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AdminKit, KIT_STATUSES, type KitActor, KitsSubjects } from '@bleedkits/contracts';
import { assertAdmin } from '../../domain/admin-only';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { toAdminKit } from './admin-kits';

/** All kits (GET /api/test-kits) or one status (pending list), in the admin view with owner e-mails. */
@Controller()
export class AdminKitsMessageController {
  constructor(private readonly kits: KitRepository, private readonly views: KitViews) {}

  @MessagePattern(KitsSubjects.adminList)
  async handle(@Payload() req: { actor: KitActor; status?: string }): Promise<AdminKit[]> {
    assertAdmin(req?.actor);
    const status = (KIT_STATUSES as readonly string[]).includes(req.status ?? '') ? req.status : undefined;
    const now = new Date();
    return (await this.views.forActor(req.actor, await this.kits.findAll(status))).map((k) => toAdminKit(k, now));
  }
}
