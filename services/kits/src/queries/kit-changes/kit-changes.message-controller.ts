import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type KitChange, type KitChangesRequest, type KitChangesResponse, KitsSubjects } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';

export const MAX_FEED_PAGE = 1000;
/** NATS refuses messages over its max_payload (1 MiB by default): a page stops well before that. */
export const MAX_FEED_PAGE_BYTES = 700_000;

/** kits.changes: after revision R, up to N rows and tombstones in revision order, within a byte budget. Consumers page until hasMore is false. */
@Controller()
export class KitChangesMessageController {
  constructor(private readonly kits: KitRepository) {}

  @MessagePattern(KitsSubjects.changes)
  async handle(@Payload() req: KitChangesRequest): Promise<KitChangesResponse> {
    const after = Math.max(0, Math.floor(Number(req?.afterRevision) || 0));
    const limit = Math.min(MAX_FEED_PAGE, Math.max(1, Math.floor(Number(req?.limit) || MAX_FEED_PAGE)));
    const rows = await this.kits.changesAfter(after, limit);
    const now = new Date();
    const changes: KitChange[] = [];
    let bytes = 0;
    for (const r of rows) {
      const change = { revision: r.revision, kitId: r.kitId, kit: r.state ? KitViews.feedRecord(r.state, now) : null };
      bytes += Buffer.byteLength(JSON.stringify(change));
      if (changes.length > 0 && bytes > MAX_FEED_PAGE_BYTES) break;
      changes.push(change);
    }
    return {
      changes,
      lastRevision: changes.length ? changes[changes.length - 1].revision : after,
      hasMore: changes.length < rows.length || rows.length === limit,
    };
  }
}
