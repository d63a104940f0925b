import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode, FEED_CLIENTS_MAX, FEED_CLIENT_LABEL_MAX, FeedClientMessages } from '@bleedkits/contracts';
import { feedRepository } from '../../../test/feed-doubles';
import { kitPorts, refusal, someone } from '../../../test/handler-doubles';
import { ManageFeedClientsHandler, feedKeyHash } from './manage-feed-clients.handler';

describe(ManageFeedClientsHandler.name, () => {
  const admin = someone('admin');
  const setup = () => {
    const f = feedRepository();
    const p = kitPorts();
    return { f, audited: p.audited, handler: new ManageFeedClientsHandler(f.repository, p.audit) };
  };

  it('records a created and a revoked key in the audit trail with who did it, never the key', async () => {
    const { audited, handler } = setup();
    const created = await handler.create({ actor: admin, scope: 'north_west', label: 'NWAS' });
    await handler.revoke({ actor: admin, clientId: created.client.id });
    expect(audited).toEqual([
      expect.objectContaining({
        actor: admin,
        action: 'feed-key.created',
        target: expect.objectContaining({ type: 'feed-key', id: created.client.id }),
        after: { label: 'NWAS', scope: 'north_west', keyPrefix: created.key.slice(0, 10) },
      }),
      expect.objectContaining({ action: 'feed-key.revoked', before: { revokedAt: null }, after: { revokedAt: expect.any(String) } }),
    ]);
    expect(JSON.stringify(audited)).not.toContain(created.key);
  });

  it('is for admins only', async () => {
    const { f, handler } = setup();
    for (const actor of [someone(), undefined as never]) {
      expect((await refusal(handler.create({ actor, scope: 'north_west', label: 'NWAS' }))).code).toBe(ErrorCode.Forbidden);
      expect((await refusal(handler.list({ actor }))).code).toBe(ErrorCode.Forbidden);
      expect((await refusal(handler.revoke({ actor, clientId: randomUUID() }))).code).toBe(ErrorCode.Forbidden);
    }
    expect(f.calls).toEqual([]);
  });

  it('creates a client with a fresh 256-bit key shown once: only its SHA-256 and a short prefix are kept', async () => {
    const { f, handler } = setup();
    const created = await handler.create({ actor: admin, scope: 'north_west', label: '  NWAS control room ' });
    expect(created.message).toBe(FeedClientMessages.created);
    expect(created.key).toMatch(/^bkf_[A-Za-z0-9_-]{43}$/);
    expect(created.client).toMatchObject({ scope: 'north_west', label: 'NWAS control room', keyPrefix: created.key.slice(0, 10), revokedAt: null });
    const stored = f.clients.get(created.client.id)!;
    expect(stored.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(stored.keyHash).toBe(feedKeyHash(created.key));
    expect(stored.createdBy).toBe(admin.id);
    expect(JSON.stringify([...f.clients.values()])).not.toContain(created.key);
    const other = await handler.create({ actor: admin, scope: 'responder_app', label: 'App' });
    expect(other.key).not.toBe(created.key);
  });

  it('refuses an unknown scope and a missing or over-long label, with every message, creating nothing', async () => {
    const { f, handler } = setup();
    expect(await refusal(handler.create({ actor: admin, scope: 'unknown', label: ' ' }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: [FeedClientMessages.scope, FeedClientMessages.labelRequired],
    });
    expect((await refusal(handler.create({ actor: admin, scope: 'london', label: 'L'.repeat(FEED_CLIENT_LABEL_MAX + 1) }))).errors).toEqual([
      FeedClientMessages.labelLength,
    ]);
    expect((await refusal(handler.create({ actor: admin } as never))).errors).toEqual([FeedClientMessages.scope, FeedClientMessages.labelRequired]);
    expect(f.clients.size).toBe(0);
  });

  it(`refuses a client beyond ${FEED_CLIENTS_MAX} active ones`, async () => {
    const { f, handler } = setup();
    f.repository.countClients = async () => FEED_CLIENTS_MAX;
    expect(await refusal(handler.create({ actor: admin, scope: 'london', label: 'LAS' }))).toEqual({
      code: ErrorCode.Conflict,
      message: FeedClientMessages.tooMany,
    });
    expect(f.clients.size).toBe(0);
  });

  it('lists the clients, revoked ones included, within a bound', async () => {
    const { f, handler } = setup();
    const a = await handler.create({ actor: admin, scope: 'london', label: 'LAS' });
    await handler.create({ actor: admin, scope: 'welsh', label: 'WAST' });
    await handler.revoke({ actor: admin, clientId: a.client.id });
    const { clients } = await handler.list({ actor: admin });
    expect(clients.map((c) => [c.label, c.revokedAt === null])).toEqual([
      ['LAS', false],
      ['WAST', true],
    ]);
    expect(f.calls).toContain(`listClients(${FEED_CLIENTS_MAX * 2})`);
  });

  it('revokes a client once, by whom; an unknown or malformed id is not found and never reaches the table', async () => {
    const { f, handler } = setup();
    const { client } = await handler.create({ actor: admin, scope: 'london', label: 'LAS' });
    const revoked = await handler.revoke({ actor: admin, clientId: client.id });
    expect(revoked).toMatchObject({ message: FeedClientMessages.revoked, client: { id: client.id, revokedAt: expect.any(String) } });
    expect(f.clients.get(client.id)!.revokedBy).toBe(admin.id);
    const notFound = { code: ErrorCode.NotFound, message: FeedClientMessages.notFound };
    expect(await refusal(handler.revoke({ actor: admin, clientId: client.id }))).toEqual(notFound);
    expect(await refusal(handler.revoke({ actor: admin, clientId: randomUUID() }))).toEqual(notFound);
    f.calls.length = 0;
    for (const id of ['1', "x' OR 1=1", 42, null]) expect(await refusal(handler.revoke({ actor: admin, clientId: id as never }))).toEqual(notFound);
    expect(f.calls).toEqual([]);
  });
});
