import { Injectable } from '@nestjs/common';
import { FEED_CLIENTS_MAX, type FeedKeyFacts } from '@bleedkits/contracts';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';

/**
 * The ambulance feed's facts for the admin status page: each key not revoked and when it last pulled (kept to the
 * minute by the feed). The rule in contracts says when a key has been silent too long.
 */
@Injectable()
export class FeedStatusFactsHandler {
  constructor(private readonly feed: AmbulanceFeedRepository) {}

  async execute(): Promise<FeedKeyFacts> {
    const clients = await this.feed.activeClients(FEED_CLIENTS_MAX);
    return { keys: clients.map(({ id, label, scope, createdAt, lastUsedAt }) => ({ id, label, scope, createdAt, lastUsedAt })) };
  }
}
