import { FEED_CLIENTS_MAX, type FeedClientView } from '@bleedkits/contracts';
import type { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
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
    const facts = await new FeedStatusFactsHandler(feed as unknown as AmbulanceFeedRepository).execute();
    expect(facts).toEqual({
      keys: [{ id: 'c1', label: 'NWAS control room', scope: 'north_west', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: null }],
    });
    expect(limits).toEqual([FEED_CLIENTS_MAX]);
  });
});
