import { Injectable } from '@nestjs/common';
import type { KitChange, KitChangesRequest } from '@bleedkits/contracts';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { KitViews } from '../kit-views';
import { feedPage, feedWindow } from './feed-page';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

export { MAX_FEED_PAGE_BYTES } from './feed-page';
export const MAX_FEED_PAGE = 1000;

/**
 * kits.changes (a KitChangesResponse): after revision R (up to upToRevision when given), up to N rows and tombstones
 * in revision order, within a byte budget. Consumers page until hasMore is false; every page names the head revision,
 * so a consumer far behind (a bulk update gives every kit a revision) reads the ranges below it in parallel.
 */
@Injectable()
export class KitChangesHandler {
  constructor(private readonly kits: KitRepository) {}

  @Handles(KitsSubjects.changes)
  async execute(req: KitChangesRequest): Promise<PreSerialisedJson> {
    const window = feedWindow(req, MAX_FEED_PAGE);
    const { headRevision, changes } = await this.kits.changesAfter(window.after, window.limit, window.upTo);
    const now = new Date();
    return feedPage(
      changes,
      (r) => {
        const change: KitChange = { revision: r.revision, kitId: r.kitId, kit: r.state ? KitViews.feedRecord(r.state, now) : null };
        return { revision: r.revision, json: JSON.stringify(change) };
      },
      window,
      { headRevision },
    );
  }
}
