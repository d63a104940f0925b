import { Injectable } from '@nestjs/common';
import type { CountByOwnerRequest, CountByOwnerResponse } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';

/** Kit counts for identity's admin user list; an id that is not UUID-shaped is left out, unasked. */
@Injectable()
export class CountByOwnerHandler {
  constructor(private readonly kits: KitRepository) {}

  async execute(req: CountByOwnerRequest): Promise<CountByOwnerResponse> {
    const ids = (req?.ownerIds ?? []).filter((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
    return { counts: await this.kits.countByOwner(ids) };
  }
}
