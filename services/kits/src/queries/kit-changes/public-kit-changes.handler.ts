import { Injectable } from '@nestjs/common';
import { type KitChangesRequest, nextVerificationDue, toPublicKit, verificationStatus } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import type { PreSerialisedJson } from '@bleedkits/platform';
import { KitRepository } from '../../database/kit.repository';
import { feedPage, feedWindow } from './feed-page';
import { Handles } from '@bleedkits/platform';

/** A public listing is about a third of a full feed record, so a page may hold more of them (still byte-capped). */
export const MAX_PUBLIC_FEED_PAGE = 5000;

/**
 * kits.public-changes (a PublicKitChangesResponse): the revision feed as the public projection needs it. Every
 * revision of kits.changes is here, in the same order; a kit that is not (or no longer) public comes as null, like a
 * tombstone. A request may bound the range (upToRevision), and every page says the head revision, so a long read
 * can go in parallel ranges.
 */
@Injectable()
export class PublicKitChangesHandler {
  constructor(private readonly kits: KitRepository) {}

  @Handles(KitsSubjects.publicChanges)
  async execute(req: KitChangesRequest): Promise<PreSerialisedJson> {
    const window = feedWindow(req, MAX_PUBLIC_FEED_PAGE);
    const { headRevision, changes } = await this.kits.publicChangesAfter(window.after, window.limit, window.upTo);
    const now = new Date();
    return feedPage(
      changes,
      ({ revision, kitId, listing }) => {
        let kit = 'null';
        let due = '';
        if (listing) {
          // Set on the freshly read row (ours alone) rather than on a copy: a million kits on a first load.
          listing.verificationStatus = verificationStatus(listing, now);
          kit = JSON.stringify(toPublicKit(listing as Required<typeof listing>));
          due = `,"verificationDue":"${nextVerificationDue(listing)}"`;
        }
        // A PublicKitChange, put together around the listing's JSON so that each kit is serialised exactly once.
        return { revision, json: `{"revision":${revision},"kitId":${kitId},"kit":${kit}${due}}` };
      },
      window,
      { headRevision },
    );
  }
}
