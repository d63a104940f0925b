import { FEED_CLIENTS_MAX, type FeedClientView } from '@bleedkits/contracts';
import type { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import type { FeedPushRepository } from '../../database/feed-push.repository';
import { FeedStatusFactsHandler } from './feed-status-facts.handler';

describe(FeedStatusFactsHandler.name, () => {
  it('answers each key not revoked with when it last pulled, never its prefix, as many as the feed allows', async () => {
    const limits: number[] = [];
    const client: FeedClientView = {
      id: 'c1',
      label: 'NWAS control room',
      scope: 'north_west',
      keyPrefix: 'bkf_abcd',
      createdAt: '2026-11-01T09:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    };
    const feed = { activeClients: async (limit: number) => (limits.push(limit), [client]) };
    const push = { statusFacts: async () => [] };
    const facts = await new FeedStatusFactsHandler(feed as unknown as AmbulanceFeedRepository, push as unknown as FeedPushRepository).execute();
    expect(facts).toEqual({
      keys: [{ id: 'c1', label: 'NWAS control room', scope: 'north_west', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: null }],
    });
    expect(limits).toEqual([FEED_CLIENTS_MAX]);
  });

  it('counts a push batch its receiver took as use, and names a paused push subscription with its last error', async () => {
    const at = (iso: string) => new Date(iso);
    const view = (id: string, lastUsedAt: string | null): FeedClientView => ({
      id,
      label: id,
      scope: 'north_west',
      keyPrefix: 'bkf_abcd',
      createdAt: '2026-11-01T09:00:00.000Z',
      lastUsedAt,
      revokedAt: null,
    });
    const feed = {
      activeClients: async () => [view('pushed', '2026-11-02T09:00:00.000Z'), view('paused', null), view('pulled', '2026-11-05T09:00:00.000Z')],
    };
    const push = {
      statusFacts: async () => [
        { clientId: 'pushed', deliveredAt: at('2026-11-04T09:00:00.000Z'), pausedAt: null, lastError: null },
        { clientId: 'paused', deliveredAt: null, pausedAt: at('2026-11-03T09:00:00.000Z'), lastError: 'HTTP 503' },
        { clientId: 'pulled', deliveredAt: at('2026-11-04T09:00:00.000Z'), pausedAt: null, lastError: null },
      ],
    };
    const facts = await new FeedStatusFactsHandler(feed as unknown as AmbulanceFeedRepository, push as unknown as FeedPushRepository).execute();
    expect(facts.keys.map(({ id, lastUsedAt, pushPausedAt, pushError }) => ({ id, lastUsedAt, pushPausedAt, pushError }))).toEqual([
      { id: 'pushed', lastUsedAt: '2026-11-04T09:00:00.000Z', pushPausedAt: undefined, pushError: undefined },
      { id: 'paused', lastUsedAt: null, pushPausedAt: '2026-11-03T09:00:00.000Z', pushError: 'HTTP 503' },
      { id: 'pulled', lastUsedAt: '2026-11-05T09:00:00.000Z', pushPausedAt: undefined, pushError: undefined },
    ]);
  });
});
