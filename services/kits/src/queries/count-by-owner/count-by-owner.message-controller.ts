import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CountByOwnerRequest, type CountByOwnerResponse, KitsSubjects } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';

/** Kit counts for identity's admin user list. */
@Controller()
export class CountByOwnerMessageController {
  constructor(private readonly kits: KitRepository) {}

  @MessagePattern(KitsSubjects.countByOwner)
  async handle(@Payload() req: CountByOwnerRequest): Promise<CountByOwnerResponse> {
    const ids = (req?.ownerIds ?? []).filter((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
    return { counts: await this.kits.countByOwner(ids) };
  }
}
