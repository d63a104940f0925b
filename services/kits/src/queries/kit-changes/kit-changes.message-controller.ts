import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type KitChangesRequest, type KitChangesResponse, KitsSubjects } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';

export const MAX_FEED_PAGE = 1000;

/** kits.changes: after revision R, up to N rows and tombstones in revision order. Consumers page until hasMore is false. */
@Controller()
export class KitChangesMessageController {
  constructor(private readonly kits: KitRepository) {}

  @MessagePattern(KitsSubjects.changes)
  async handle(@Payload() req: KitChangesRequest): Promise<KitChangesResponse> {
    const after = Math.max(0, Math.floor(Number(req?.afterRevision) || 0));
    const limit = Math.min(MAX_FEED_PAGE, Math.max(1, Math.floor(Number(req?.limit) || MAX_FEED_PAGE)));
    const rows = await this.kits.changesAfter(after, limit);
    const now = new Date();
    return {
      changes: rows.map((r) => ({ revision: r.revision, kitId: r.kitId, kit: r.state ? KitViews.feedRecord(r.state, now) : null })),
      lastRevision: rows.length ? rows[rows.length - 1].revision : after,
      hasMore: rows.length === limit,
    };
  }
}
