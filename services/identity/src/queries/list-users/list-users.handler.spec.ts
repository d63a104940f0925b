import { Logger } from '@nestjs/common';
import { LIST_PART_LIMIT } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { identityEnv, kitsBus, userPorts } from '../../../test/handler-doubles';
import { ListUsersHandler } from './list-users.handler';

describe(ListUsersHandler.name, () => {
  let warned: jest.SpyInstance;
  beforeEach(() => (warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined)));
  afterEach(() => warned.mockRestore());

  /** Five users; the second and third share one creation instant, as a bulk import makes them. */
  function setup(answer: Parameters<typeof kitsBus>[0] = (ids) => ({ counts: Object.fromEntries(ids.map((id, i) => [id, i + 1])) })) {
    const p = userPorts(
      [
        '2026-01-01T00:00:00.000Z',
        '2026-01-02T00:00:00.000Z',
        '2026-01-02T00:00:00.000Z',
        '2026-01-03T00:00:00.000Z',
        '2026-01-04T00:00:00.000Z',
      ].map((at, i) => ({ email: `user${i}@example.org`, createdAt: new Date(at) })),
    );
    const k = kitsBus(answer);
    return { p, k, handler: new ListUsersHandler(p.repository, k.bus, identityEnv({ KITS_REQUEST_TIMEOUT_MS: 1234 })) };
  }

  it('answers admin rows oldest first, with the kit counts the kits context gives for exactly that part', async () => {
    const { p, k, handler } = setup();
    const part = await handler.execute({});
    expect(part.hasMore).toBe(false);
    expect(part.items.map((u) => u.created_at)).toEqual([...part.items.map((u) => u.created_at)].sort());
    expect(part.items).toHaveLength(5);
    expect(k.requests).toEqual([{ subject: KitsSubjects.countByOwner, payload: { ownerIds: part.items.map((u) => u.id) }, timeoutMs: 1234 }]);
    expect(part.items.map((u) => u.kit_count)).toEqual([1, 2, 3, 4, 5]);
    const first = p.store.get(part.items[0].id)!;
    expect(part.items[0]).toEqual({
      id: first.id,
      first_name: first.firstName,
      last_name: first.lastName,
      email: first.email,
      role: 'user',
      kit_count: 1,
      created_at: '2026-01-01T00:00:00.000Z',
      email_verified: false,
    });
  });

  it('pages every user exactly once after the position it wrote, even across a shared creation instant', async () => {
    const { handler } = setup();
    const seen: string[] = [];
    const more: boolean[] = [];
    let after: string | null = null;
    for (;;) {
      const part = await handler.execute({ after, limit: 2 });
      seen.push(...part.items.map((u) => u.email));
      more.push(part.hasMore);
      if (!part.hasMore) break;
      after = part.next;
    }
    expect(more).toEqual([true, true, false]);
    expect([...seen].sort()).toEqual(['user0', 'user1', 'user2', 'user3', 'user4'].map((u) => `${u}@example.org`));
    expect(seen).toHaveLength(5);
  });

  it('still lists the users, with a kit count of 0, while kits cannot answer', async () => {
    const { handler } = setup(() => new Error('kits.qry.count-by-owner.v1: timeout'));
    const part = await handler.execute({});
    expect(part.items).toHaveLength(5);
    expect(part.items.every((u) => u.kit_count === 0)).toBe(true);
    expect(warned).toHaveBeenCalledWith({ msg: 'kit counts unavailable; showing 0', error: 'kits.qry.count-by-owner.v1: timeout' });
  });

  it('ignores a position it did not write, and keeps the limit a whole number from 1 to LIST_PART_LIMIT', async () => {
    const { p, handler } = setup();
    const part = await handler.execute({ after: "'; DROP TABLE users; --", limit: 10 });
    expect(part.items).toHaveLength(5);
    for (const limit of [0, -5, Number.NaN, 'ten' as unknown as number, undefined]) await handler.execute({ limit });
    await handler.execute({ limit: LIST_PART_LIMIT * 10 });
    await handler.execute({ limit: 2.9 });
    expect(p.listPageCalls.map((c) => c.after)).toEqual(Array(8).fill(null));
    // Missing, zero or not a number: the default; negative: 1; too many: the cap; a fraction: rounded down.
    expect(p.listPageCalls.map((c) => c.limit)).toEqual([
      10,
      LIST_PART_LIMIT,
      1,
      LIST_PART_LIMIT,
      LIST_PART_LIMIT,
      LIST_PART_LIMIT,
      LIST_PART_LIMIT,
      2,
    ]);
  });

  it('answers an empty part after the end without asking kits, keeping the position it was given', async () => {
    const { k, handler } = setup();
    const all = await handler.execute({});
    const end = await handler.execute({ after: all.next });
    expect(end).toEqual({ items: [], next: all.next, hasMore: false });
    expect(k.requests).toHaveLength(1);
  });

  it('ends a part early at the byte budget and says there is more', async () => {
    const { p, handler } = setup();
    for (const u of p.store.values()) p.store.set(u.id, { ...u, firstName: 'N'.repeat(300_000) });
    const part = await handler.execute({});
    expect(part.items).toHaveLength(2);
    expect(part.hasMore).toBe(true);
    const rest = await handler.execute({ after: part.next });
    expect(rest.items.map((u) => u.id)).not.toContain(part.items[1].id);
    expect(rest.items).toHaveLength(2);
  });
});
