import { Injectable } from '@nestjs/common';
import { FEED_CLIENTS_MAX, type FeedKeyFacts, AmbulanceFeedSubjects } from '@bleedkits/contracts';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { FeedPushRepository } from '../../database/feed-push.repository';
import { Handles } from '@bleedkits/platform';

/**
 * The ambulance feed's facts for the admin status page: each key not revoked and when it was last used (kept to the
 * minute by the feed; a batch its receiver took counts, so a client on push alone is not silent), and a paused push
 * subscription (the status alert then e-mails the admins). The rules in contracts say when either is red.
 */
@Injectable()
export class FeedStatusFactsHandler {
  constructor(
    private readonly feed: AmbulanceFeedRepository,
    private readonly push: FeedPushRepository,
  ) {}

  @Handles(AmbulanceFeedSubjects.statusFacts)
  async execute(): Promise<FeedKeyFacts> {
    const [clients, pushes] = await Promise.all([this.feed.activeClients(FEED_CLIENTS_MAX), this.push.statusFacts()]);
    const pushOf = new Map(pushes.map((p) => [p.clientId, p]));
    return {
      keys: clients.map(({ id, label, scope, createdAt, lastUsedAt }) => {
        const push = pushOf.get(id);
        const pushed = push?.deliveredAt?.toISOString() ?? null;
        const used = !lastUsedAt ? pushed : pushed && pushed > lastUsedAt ? pushed : lastUsedAt;
        return {
          id,
          label,
          scope,
          createdAt,
          lastUsedAt: used,
          ...(push?.pausedAt ? { pushPausedAt: push.pausedAt.toISOString(), pushError: push.lastError } : {}),
        };
      }),
    };
  }
}
