import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type KitStatusChangeResponse, KitsSubjects } from '@bleedkits/contracts';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { transitionTo } from '../../domain/kit-status-transitions';
import { KitRepository } from '../../database/kit.repository';
import { toAdminKit } from '../../queries/admin-kits/admin-kits';
import { ChangeKitStatusHandler } from './change-kit-status.handler';

const DONE = { approve: 'Kit approved', reject: 'Kit rejected', reactivate: 'Kit reactivated' } as const;

/** GET /api/kit-status?id=&status=: the target status picks approve, reject or reactivate. */
@Controller()
export class ChangeKitStatusToMessageController {
  constructor(
    private readonly kits: KitRepository,
    private readonly handler: ChangeKitStatusHandler,
  ) {}

  @MessagePattern(KitsSubjects.changeStatus)
  async handle(@Payload() req: { actor: Actor; kitId: number | string; status: string }): Promise<KitStatusChangeResponse> {
    const current = await this.kits.findById(parseKitId(req.kitId));
    if (!current) throw KitErrors.notFound();
    const transition = transitionTo(current.status, req.status);
    const kit = await this.handler.execute(transition, req);
    return { message: DONE[transition], kit: toAdminKit(kit) };
  }
}
