import { Injectable } from '@nestjs/common';
import {
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  FEED_PART_RECORDS,
  type FeedOpenRequest,
  type FeedPageRange,
  type FeedOpenResponse,
  type FeedPartRequest,
  feedWithdrawal,
  scopeCarriesCabinetCodes,
  isUuid,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { PreSerialisedJson, ServiceError, Handles } from '@bleedkits/platform';
import { AmbulanceFeedRepository, type FeedRecordRow } from '../../database/ambulance-feed.repository';
import { boundedJsonArray } from './bounded-part';
import { FeedClientAuth } from './feed-client-auth';

/** Rows read for one part at most (the gateway asks for a range of FEED_PART_RECORDS; the byte budget still holds). */
export const FEED_PART_MAX_ROWS = 2000;

const whole = (v: unknown, fallback: number) => {
  const n = Math.floor(Number(v));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** A record of a part as JSON: the kit's record as the repository wrote it, or its withdrawal. */
export const feedRecordJson = (r: FeedRecordRow) =>
  r.recordJson ?? JSON.stringify(feedWithdrawal(r.kitId, r.revision, r.withdrawnReason ?? 'deleted'));

/**
 * The ambulance-service feed: a scope's changes after a cursor in revision order, read in parts the gateway puts
 * together into a page. Any part that carries a cabinet code is in the access log before it leaves.
 */
@Injectable()
export class AmbulanceFeedHandler {
  constructor(
    private readonly repo: AmbulanceFeedRepository,
    private readonly auth: FeedClientAuth,
  ) {}

  @Handles(AmbulanceFeedSubjects.open)
  async open(req: FeedOpenRequest): Promise<FeedOpenResponse> {
    const client = await this.auth.client(req?.keyHash);
    await this.repo.touchClient(client.id);
    const headRevision = await this.repo.scopeHead(client.scope);
    const after = whole(req.afterRevision, 0);
    const limit = Math.min(FEED_MAX_LIMIT, Math.max(1, whole(req.limit, FEED_DEFAULT_LIMIT)));
    // One more than asked for tells whether another page is waiting.
    const revisions = after < headRevision ? await this.repo.scopeRevisions(client.scope, after, headRevision, limit + 1) : [];
    const page = revisions.slice(0, limit);
    const ranges: FeedPageRange[] = [];
    for (let i = 0; i < page.length; i += FEED_PART_RECORDS) {
      const chunk = page.slice(i, i + FEED_PART_RECORDS);
      ranges.push({ afterRevision: i === 0 ? after : page[i - 1], upToRevision: chunk[chunk.length - 1], records: chunk.length });
    }
    return { clientId: client.id, scope: client.scope, headRevision, ranges, hasMore: revisions.length > limit };
  }

  @Handles(AmbulanceFeedSubjects.part)
  async part(req: FeedPartRequest): Promise<PreSerialisedJson> {
    const client = await this.auth.client(req?.keyHash);
    if (!isUuid(req.requestId)) throw ServiceError.validation(['requestId must be a UUID']);
    const after = whole(req.afterRevision, 0);
    const upTo = whole(req.upToRevision, 0);
    const limit = Math.min(FEED_PART_MAX_ROWS, Math.max(1, whole(req.limit, FEED_PART_MAX_ROWS)));
    const withCodes = scopeCarriesCabinetCodes(client.scope);
    const entries = upTo > after ? await this.repo.scopeRecords(client.scope, after, upTo, limit, withCodes) : [];
    const part = boundedJsonArray(entries, feedRecordJson);
    const included = entries.slice(0, part.count);
    const kits = included.filter((e) => e.recordJson);
    // A control room's answer may carry codes: it is logged before it leaves, whether or not this part holds one.
    if (withCodes && kits.length) {
      await this.repo.logAccess({
        requestId: req.requestId,
        clientId: client.id,
        scope: client.scope,
        kitsReturned: kits.length,
        codesReturned: kits.filter((e) => e.hasCabinetCode).length,
        clientAddress: String(req.clientAddress ?? 'unknown'),
      });
    }
    const lastRevision = included.length ? included[included.length - 1].revision : after;
    const exhausted = included.length === entries.length && entries.length < limit;
    // Key order is part of the wire (FEED_PART_WIRE): the records come last.
    return new PreSerialisedJson(`{"count":${part.count},"lastRevision":${lastRevision},"exhausted":${exhausted},"records":`, part.json, '}');
  }
}
