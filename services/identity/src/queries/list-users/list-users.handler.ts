import { Inject, Injectable, Logger } from '@nestjs/common';
import { type CountByOwnerRequest, type CountByOwnerResponse, KitsSubjects, type UserListResponse } from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { toAdminRow } from '../../domain/user';
import { UserRepository } from '../../database/user.repository';
import { IDENTITY_ENV, type IdentityEnv } from '../../config/env';

@Injectable()
export class ListUsersHandler {
  private readonly logger = new Logger('ListUsers');

  constructor(
    private readonly users: UserRepository,
    private readonly bus: NatsBus,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  /** kit_count comes from the kits context; while it cannot answer, the list still loads with 0. */
  async execute(): Promise<UserListResponse> {
    const users = await this.users.list();
    let counts: Record<string, number> = {};
    try {
      const res = await this.bus.request<CountByOwnerResponse, CountByOwnerRequest>(
        KitsSubjects.countByOwner,
        { ownerIds: users.map((u) => u.id) },
        this.env.KITS_REQUEST_TIMEOUT_MS,
      );
      counts = res?.counts ?? {};
    } catch (e) {
      this.logger.warn({ msg: 'kit counts unavailable; showing 0', error: (e as Error).message });
    }
    return { users: users.map((u) => toAdminRow(u, counts[u.id] ?? 0)) };
  }
}
