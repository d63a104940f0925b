import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateFeedClientResponse,
  FEED_CLIENTS_MAX,
  FeedClientMessages,
  type FeedClientListResponse,
  type FeedClientView,
  feedClientLabelErrors,
  isFeedScope,
  isUuid,
  assertAdmin,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { ServiceError, Handles } from '@bleedkits/platform';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { feedClientAuditLabel } from '../../domain/feed-client-audit';
import { type WireRequest } from '@bleedkits/contracts/wire';

/**
 * A key is 256 random bits, so a plain SHA-256 of it is as strong as a slow password hash and lets every request
 * be checked with one indexed lookup. The gateway hashes the bearer key the same way; the key never crosses NATS
 * again after it was shown once.
 */
export function feedKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function newFeedKey(): string {
  return `bkf_${randomBytes(32).toString('base64url')}`;
}

/** Admins create, list and revoke ambulance-feed clients. */
@Injectable()
export class ManageFeedClientsHandler {
  constructor(
    private readonly repo: AmbulanceFeedRepository,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(AmbulanceFeedSubjects.createClient)
  async create({ actor, ...req }: WireRequest<typeof AmbulanceFeedSubjects.createClient>): Promise<CreateFeedClientResponse> {
    assertAdmin(actor);
    const errors = [...(isFeedScope(req?.scope) ? [] : [FeedClientMessages.scope]), ...feedClientLabelErrors(req?.label)];
    if (errors.length) throw ServiceError.validation(errors);
    if ((await this.repo.countClients()) >= FEED_CLIENTS_MAX) throw ServiceError.conflict(FeedClientMessages.tooMany);
    const key = newFeedKey();
    // The key is shown once and never recorded; the trail names the client by its label, scope and key prefix.
    const client = await this.repo.createClient(
      {
        scope: req.scope as CreateFeedClientResponse['client']['scope'],
        label: req.label.trim(),
        keyHash: feedKeyHash(key),
        keyPrefix: key.slice(0, 10),
        createdBy: actor.id,
      },
      (m, created) =>
        this.audit.record(m, {
          actor,
          action: 'feed-key.created',
          target: { type: 'feed-key', id: created.id, label: feedClientAuditLabel(created) },
          before: null,
          after: { label: created.label, scope: created.scope, keyPrefix: created.keyPrefix },
        }),
    );
    return { client, key, message: FeedClientMessages.created };
  }

  @Handles(AmbulanceFeedSubjects.listClients)
  async list({ actor }: WireRequest<typeof AmbulanceFeedSubjects.listClients>): Promise<FeedClientListResponse> {
    assertAdmin(actor);
    return { clients: await this.repo.listClients(FEED_CLIENTS_MAX * 2) };
  }

  @Handles(AmbulanceFeedSubjects.revokeClient)
  async revoke({
    actor,
    clientId: id,
  }: WireRequest<typeof AmbulanceFeedSubjects.revokeClient>): Promise<{ message: string; client: FeedClientView }> {
    assertAdmin(actor);
    const client = isUuid(id)
      ? await this.repo.revokeClient(id, actor.id, (m, revoked) =>
          this.audit.record(m, {
            actor,
            action: 'feed-key.revoked',
            target: { type: 'feed-key', id: revoked.id, label: feedClientAuditLabel(revoked) },
            before: { revokedAt: null },
            after: { revokedAt: revoked.revokedAt },
          }),
        )
      : null;
    if (!client) throw ServiceError.notFound(FeedClientMessages.notFound);
    return { message: FeedClientMessages.revoked, client };
  }
}
