import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AdminUserRow, LIST_PART_LIMIT, LIST_PART_MAX_BYTES, type ListPart, type ListPartRequest } from '@bleedkits/contracts';
import { KitsSubjects, IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus, Handles } from '@bleedkits/platform';
import { toAdminRow } from '../../domain/user';
import { UserRepository } from '../../database/user.repository';
import { IDENTITY_ENV, type IdentityEnv } from '../../config/env';

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The admin user list, one part per request (a ListPart<AdminUserRow>, oldest first): the gateway asks for the
 * next part after `next` while `hasMore`, so the answer never depends on how many users there are.
 */
@Injectable()
export class ListUsersHandler {
  private readonly logger = new Logger('ListUsers');

  constructor(
    private readonly users: UserRepository,
    private readonly bus: NatsBus,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  /** kit_count comes from the kits context; while it cannot answer, the list still loads with 0. */
  @Handles(IdentitySubjects.listUsers)
  async execute(req: ListPartRequest<string> = {}): Promise<ListPart<AdminUserRow, string>> {
    const m = typeof req?.after === 'string' ? POSITION.exec(req.after) : null;
    const limit = Math.min(LIST_PART_LIMIT, Math.max(1, Math.floor(Number(req?.limit)) || LIST_PART_LIMIT));
    const page = await this.users.listPage(m ? { createdAt: m[1], id: m[2] } : null, limit);
    let counts: Record<string, number> = {};
    if (page.length) {
      try {
        const res = await this.bus.request(KitsSubjects.countByOwner, { ownerIds: page.map((p) => p.user.id) }, this.env.KITS_REQUEST_TIMEOUT_MS);
        counts = res?.counts ?? {};
      } catch (e) {
        this.logger.warn({ msg: 'kit counts unavailable; showing 0', error: (e as Error).message });
      }
    }
    // A user row is a few hundred bytes: a full part stays far below the byte budget, but the budget still holds.
    const items: AdminUserRow[] = [];
    let bytes = 0;
    for (const p of page) {
      const row = toAdminRow(p.user, counts[p.user.id] ?? 0);
      bytes += JSON.stringify(row).length;
      if (items.length && bytes > LIST_PART_MAX_BYTES) break;
      items.push(row);
    }
    const next = items.length ? page[items.length - 1].position : (req?.after ?? null);
    return { items, next, hasMore: items.length < page.length || page.length === limit };
  }
}
