import { Injectable } from '@nestjs/common';
import { type CountByOwnerRequest, type CountByOwnerResponse, isUuid } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { KitRepository } from '../../database/kit.repository';
import { Handles } from '@bleedkits/platform';

/** Kit counts for identity's admin user list; an id that is not UUID-shaped is left out, unasked. */
@Injectable()
export class CountByOwnerHandler {
  constructor(private readonly kits: KitRepository) {}

  @Handles(KitsSubjects.countByOwner)
  async execute(req: CountByOwnerRequest): Promise<CountByOwnerResponse> {
    const ids = (req?.ownerIds ?? []).filter(isUuid);
    return { counts: await this.kits.countByOwner(ids) };
  }
}
