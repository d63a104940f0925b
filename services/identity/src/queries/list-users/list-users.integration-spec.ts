import { Client } from 'pg';
import { type AdminUserRow, type ListPart } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { type IdentityHarness, startIdentity } from '../../../test/identity-harness';
import { ListUsersHandler } from './list-users.handler';

/** The admin user list crosses NATS in parts: every user exactly once, whatever the count, oldest first. */
describe(ListUsersHandler.name, () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity();
    const db = new Client({ connectionString: h.db.url });
    await db.connect();
    // 2,500 users, many sharing one creation instant (as a bulk import would make them): the position must tell them apart.
    await db.query(`
      INSERT INTO identity.users (email, first_name, last_name, created_at)
      SELECT 'user' || i || '@example.org', 'First' || i, 'Last' || i, timestamptz '2026-01-01 00:00:00' + ((i / 100) * interval '1 microsecond')
        FROM generate_series(1, 2500) AS i`);
    await db.end();
  });
  afterAll(async () => h?.close());

  it('pages every user exactly once in creation order, with kit counts of 0 while kits cannot answer', async () => {
    const seen: AdminUserRow[] = [];
    let after: string | null = null;
    let parts = 0;
    for (;;) {
      const part: ListPart<AdminUserRow, string> = await h.bus.request(IdentitySubjects.listUsers, {
        after,
        limit: 700,
      });
      parts++;
      seen.push(...part.items);
      if (!part.hasMore) break;
      after = part.next;
    }
    expect(parts).toBe(4);
    expect(seen).toHaveLength(2500);
    expect(new Set(seen.map((u) => u.id)).size).toBe(2500);
    expect(seen.every((u) => u.kit_count === 0)).toBe(true);
    const created = seen.map((u) => u.created_at);
    expect([...created].sort()).toEqual(created);
  });

  it('ignores a position it did not write and starts from the beginning', async () => {
    const part = await h.bus.request(IdentitySubjects.listUsers, { after: "'; DROP TABLE users; --", limit: 10 });
    expect(part.items).toHaveLength(10);
    expect(part.items[0].created_at).toBe('2026-01-01T00:00:00.000Z');
  });
});
