import { Inject, Injectable } from '@nestjs/common';
import {
  type ApprovedDownloadBeginResponse,
  ApprovedDownloadMessages,
  type ApprovedKitRow,
  type LastDownloadResponse,
  NEVER_DOWNLOADED_SENTINEL,
  ambulanceVerificationState,
  assertAdmin,
  ApprovedDownloadSubjects,
} from '@bleedkits/contracts';
import { PreSerialisedJson, ServiceError, Handles } from '@bleedkits/platform';
import { AmbulanceFeedRepository, type FeedEntryRow } from '../../database/ambulance-feed.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { KITS_ENV, type KitsEnv } from '../../config/env';
import { boundedJsonArray } from '../../queries/ambulance-feed/bounded-part';
import { KitsSubjects, type WireRequest } from '@bleedkits/contracts/wire';

/** Rows read per part; the byte budget may end a part sooner. */
export const DOWNLOAD_PART_MAX_ROWS = 2000;

const whole = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};

function approvedKitRow(e: FeedEntryRow, now: Date, graceDays: number): ApprovedKitRow {
  const k = e.kit! as NonNullable<FeedEntryRow['kit']> & { createdAt: string; nextVerificationDue: string | null };
  return {
    id: e.kitId,
    serialNumber: k.serialNumber,
    locationName: k.locationName,
    locationType: k.locationType,
    addressLine1: k.addressLine1,
    addressLine2: k.addressLine2,
    city: k.city,
    postcode: k.postcode,
    what3words: k.what3words,
    latitude: k.latitude,
    longitude: k.longitude,
    detailedLocation: k.detailedLocation,
    openingHours: k.openingHours,
    deploymentStatus: k.deploymentStatus,
    lastVerifiedAt: k.lastVerifiedAt,
    cabinetCode: k.cabinetCode,
    ambulanceService: k.ambulanceService,
    publicDisplay: k.publicDisplay,
    approvedAt: k.approvedAt,
    verificationState: ambulanceVerificationState(k, now, graceDays),
  };
}

/**
 * Ambulance-service downloads. A download covers the revisions after the watermark (the highest revision the last
 * completed download included) up to the register's head when it began: one line per kit that joined or changed
 * in a service, one withdrawal per kit that left it. The gateway reads it in parts and builds the files; only then
 * does it commit, and only the commit moves the watermark. A download that fails anywhere leaves the watermark
 * where it was, so the next one offers the same kits again. Kits hidden from the public map are included.
 */
@Injectable()
export class DownloadApprovedKitsHandler {
  constructor(
    private readonly repo: AmbulanceFeedRepository,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.lastApprovedDownload)
  async last({ actor }: WireRequest<typeof KitsSubjects.lastApprovedDownload>): Promise<LastDownloadResponse> {
    assertAdmin(actor);
    return { lastDownloadDate: (await this.repo.lastDownload())?.downloadedAt.toISOString() ?? NEVER_DOWNLOADED_SENTINEL };
  }

  @Handles(ApprovedDownloadSubjects.begin)
  async begin({ actor }: WireRequest<typeof ApprovedDownloadSubjects.begin>): Promise<ApprovedDownloadBeginResponse> {
    assertAdmin(actor);
    const previous = await this.repo.lastDownload();
    const fromRevision = previous?.toRevision ?? 0;
    const toRevision = Math.max(fromRevision, await this.repo.registerHead());
    return {
      fromRevision,
      toRevision,
      fromDate: (previous?.downloadedAt ?? new Date(NEVER_DOWNLOADED_SENTINEL)).toISOString(),
      toDate: new Date().toISOString(),
    };
  }

  @Handles(ApprovedDownloadSubjects.part)
  async part({ actor, ...req }: WireRequest<typeof ApprovedDownloadSubjects.part>): Promise<PreSerialisedJson> {
    assertAdmin(actor);
    const from = whole(req?.fromRevision);
    const to = whole(req?.toRevision);
    const afterRevision = req?.after ? whole(req.after.revision) : from;
    if (from === null || to === null || afterRevision === null || (req.after && typeof req.after.service !== 'string')) {
      throw ServiceError.validation(['fromRevision, toRevision and after must come from the download that began']);
    }
    const limit = Math.min(DOWNLOAD_PART_MAX_ROWS, Math.max(1, whole(req.limit) ?? DOWNLOAD_PART_MAX_ROWS));
    const after = req.after ? { revision: afterRevision, service: req.after.service } : null;
    const entries = await this.repo.downloadEntries(from, to, after, limit);
    const now = new Date();
    const part = boundedJsonArray(entries, (e) =>
      e.kit
        ? `{"service":${JSON.stringify(e.scope)},"kit":${JSON.stringify(approvedKitRow(e, now, this.env.VERIFICATION_GRACE_DAYS))}}`
        : `{"service":${JSON.stringify(e.scope)},"withdrawal":${JSON.stringify({ id: e.kitId, reason: e.withdrawnReason })}}`,
    );
    const lastEntry = part.count ? entries[part.count - 1] : null;
    const last = lastEntry ? JSON.stringify({ revision: lastEntry.revision, service: lastEntry.scope }) : JSON.stringify(after);
    const exhausted = part.count === entries.length && entries.length < limit;
    return new PreSerialisedJson('{"lines":', part.json, `,"last":${last},"exhausted":${exhausted}}`);
  }

  /** Called by the gateway once every file was produced in full: only now does the watermark move. */
  @Handles(ApprovedDownloadSubjects.commit)
  async commit({ actor, ...req }: WireRequest<typeof ApprovedDownloadSubjects.commit>): Promise<LastDownloadResponse> {
    assertAdmin(actor);
    const from = whole(req?.fromRevision);
    const to = whole(req?.toRevision);
    const kitCount = whole(req?.kitCount);
    const withdrawalCount = whole(req?.withdrawalCount);
    const downloadedAt = new Date(String(req?.downloadedAt));
    if (from === null || to === null || to < from || kitCount === null || withdrawalCount === null || Number.isNaN(downloadedAt.getTime())) {
      throw ServiceError.validation(['The download to record is incomplete']);
    }
    if (to > (await this.repo.registerHead())) throw ServiceError.validation(['toRevision is beyond the register']);
    if (kitCount + withdrawalCount > 0) {
      // Who took the codes out, and how many: the files themselves (and their codes) never enter the trail.
      const recorded = await this.repo.recordDownload(
        { fromRevision: from, toRevision: to, kitCount, withdrawalCount, downloadedBy: actor.id, downloadedAt },
        (m) =>
          this.audit.record(m, {
            actor,
            action: 'codes.downloaded',
            target: { type: 'download', id: `${from}-${to}`, label: `Approved kits, revisions ${from + 1} to ${to}` },
            before: null,
            after: { kitCount, withdrawalCount },
          }),
      );
      if (!recorded) throw ServiceError.conflict(ApprovedDownloadMessages.concurrent);
    }
    return this.last({ actor });
  }
}
