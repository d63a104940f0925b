import { z } from 'zod';
import type {
  AdminKit,
  BulkApproveResponse,
  FixAddressesResult,
  KitStatusChangeResponse,
  LastDownloadResponse,
  MaintenanceResult,
  ManufacturerRow,
  StatisticsResponse,
} from '../admin/admin';
import type { AuditPage, AuditPageRequest } from '../admin/audit';
import type {
  ApprovedDownloadBeginResponse,
  ApprovedDownloadCommitRequest,
  ApprovedDownloadPartRequest,
  ApprovedDownloadPartResponse,
} from '../ambulance-feed/approved-download';
import type {
  CreateFeedClientRequest,
  CreateFeedClientResponse,
  FeedAccessLogRequest,
  FeedAccessLogResponse,
  FeedClientListResponse,
  FeedClientView,
} from '../ambulance-feed/feed-clients';
import type {
  CodeDisclosedRequest,
  CodeDisclosedResponse,
  FeedOpenRequest,
  FeedOpenResponse,
  FeedPartRequest,
  FeedPartResponse,
} from '../ambulance-feed/feed-wire';
import type {
  FeedPushClientRequest,
  FeedPushLogRequest,
  FeedPushLogResponse,
  FeedPushReplayRequest,
  FeedPushStatusResponse,
  RotateFeedPushSecretResponse,
  SetFeedPushRequest,
  SetFeedPushResponse,
} from '../ambulance-feed/feed-push';
import { AmbulanceFeedSubjects, ApprovedDownloadSubjects } from '../ambulance-feed/subjects';
import type { FeedKeyFacts } from '../admin/system-status';
import type { Option } from '../enums/option';
import type { StatsResponse, ViewportQuery } from '../finder/finder';
import type { MessageResponse } from '../identity/user';
import type {
  MatchKitsRequest,
  MatchKitsResponse,
  PostcodePlacesRequest,
  PostcodePlacesResponse,
  RegisterBatchRequest,
  RegisterBatchResponse,
  UpdateIfUnchangedRequest,
  UpdateIfUnchangedResponse,
} from '../imports/kit-commands';
import type { Kit, KitChangesRequest, KitChangesResponse, KitEditRequest, KitRegistration, PublicKit, PublicKitChangesResponse } from '../kits/kit';
import type { CountByOwnerRequest, CountByOwnerResponse } from '../platform/health';
import type { ListPart, ListPartRequest } from '../paging/paging';
import type { BulkUpdateVerificationDatesRequest, BulkUpdateVerificationDatesResponse, VerifyKitRequest } from '../verification/verification';
import { type Asked, actor, auditPageRequest, call, fields, kitId, listPart, revision, shape } from './call';
import { KitsEvents } from '../kits/events';
import { healthSubject } from '../subjects';

export const KitsSubjects = {
  health: healthSubject('kits'),
  register: 'kits.cmd.register.v1',
  edit: 'kits.cmd.edit.v1',
  setDeploymentStatus: 'kits.cmd.set-deployment-status.v1',
  delete: 'kits.cmd.delete.v1',
  approve: 'kits.cmd.approve.v1',
  /** One page of the kits' audit entries (approved, rejected, edited, deleted), newest first. */
  auditPage: 'kits.qry.audit-page.v1',
  reject: 'kits.cmd.reject.v1',
  reactivate: 'kits.cmd.reactivate.v1',
  getKit: 'kits.qry.kit.v1',
  ownerList: 'kits.qry.owner-list.v1',
  manufacturers: 'kits.qry.manufacturers.v1',
  /** Kit counts per owner id, for the admin user list. */
  countByOwner: 'kits.qry.count-by-owner.v1',
  /** The revision change feed: rows and tombstones after a revision, in revision order. */
  changes: 'kits.qry.changes.v1',
  /** The same feed, public listings only (null for a kit that left the public map): for the public projection. */
  publicChanges: 'kits.qry.public-changes.v1',
  adminList: 'kits.qry.admin-list.v1',
  changeStatus: 'kits.cmd.change-status.v1',
  bulkApprove: 'kits.cmd.bulk-approve.v1',
  reassign: 'kits.cmd.reassign.v1',
  adminManufacturers: 'kits.qry.admin-manufacturers.v1',
  addManufacturer: 'kits.cmd.add-manufacturer.v1',
  renameManufacturer: 'kits.cmd.rename-manufacturer.v1',
  removeManufacturer: 'kits.cmd.remove-manufacturer.v1',
  lastApprovedDownload: 'kits.qry.last-approved-download.v1',
  cleanSerialNumbers: 'kits.cmd.clean-serial-numbers.v1',
  updateAmbulanceServices: 'kits.cmd.update-ambulance-services.v1',
  fixMissingAddresses: 'kits.cmd.fix-missing-addresses.v1',
  /** The benchmark's plain-SQL viewport baseline (gateway route enabled by BENCH_SQL_BASELINE only). */
  sqlViewportBaseline: 'kits.qry.sql-viewport-baseline.v1',
  /** Register statistics (GET /api/stats and GET /api/statistics). */
  stats: 'kits.qry.stats.v1',
  statistics: 'kits.qry.statistics.v1',
  /** The imports context's calls (contracts/src/imports/kit-commands.ts): idempotent batch registration, the
   * stale-checked update of a queued CSV update, the comparison's matches and the register's postcode gazetteer. */
  registerBatch: 'kits.cmd.register-batch.v1',
  updateIfUnchanged: 'kits.cmd.update-if-unchanged.v1',
  matchForComparison: 'kits.qry.match-for-comparison.v1',
  postcodePlaces: 'kits.qry.postcode-places.v1',
  /** The custodian's verification check (VerifyKitRequest → Kit). */
  verify: 'kits.cmd.verify.v1',
  /** Sets every active kit's next verification due date (BulkUpdateVerificationDatesRequest). */
  bulkUpdateVerificationDates: 'kits.cmd.bulk-update-verification-dates.v1',
  /** Hint published after each commit; consumers catch up from `kits.changes`. */
  changed: KitsEvents.changed.subject,
} as const;

const byActor = shape({ actor });
const aKit = shape({ actor, kitId });
const aFeedClient = shape({ actor, clientId: z.string() });
const feedChanges = shape({ afterRevision: revision, limit: z.number().int().positive().optional(), upToRevision: z.number().nullable().optional() });

/**
 * Every request/reply subject of the kits context: what is checked on receipt and what each side's types are.
 * Values the handlers validate with their own messages (a status, a name, a list of ids) are left to them.
 */
export const KitsWire = {
  [KitsSubjects.register]: call<Asked<{ kit: KitRegistration }>, Kit>(shape({ actor, kit: fields })),
  [KitsSubjects.edit]: call<Asked<KitEditRequest>, Kit>(shape({ actor, kitId, revision: revision.optional(), data: fields })),
  [KitsSubjects.setDeploymentStatus]: call<Asked<{ kitId: number | string; status: string; notes?: string | null }>, Kit>(
    shape({ actor, kitId, status: z.unknown(), notes: z.string().nullable().optional() }),
  ),
  [KitsSubjects.delete]: call<Asked<{ kitId: number | string }>, MessageResponse>(aKit),
  [KitsSubjects.approve]: call<Asked<{ kitId: number | string }>, Kit>(aKit),
  [KitsSubjects.auditPage]: call<Asked<AuditPageRequest>, AuditPage>(auditPageRequest),
  [KitsSubjects.reject]: call<Asked<{ kitId: number | string }>, Kit>(aKit),
  [KitsSubjects.reactivate]: call<Asked<{ kitId: number | string }>, Kit>(aKit),
  [KitsSubjects.getKit]: call<Asked<{ kitId: number | string }>, Kit>(aKit),
  [KitsSubjects.ownerList]: call<Asked<ListPartRequest>, ListPart<Kit, number>>(shape({ actor, ...listPart })),
  [KitsSubjects.manufacturers]: call<Record<string, never>, Option[]>(shape({})),
  [KitsSubjects.countByOwner]: call<CountByOwnerRequest, CountByOwnerResponse>(shape({ ownerIds: z.array(z.string()) })),
  [KitsSubjects.changes]: call<KitChangesRequest, KitChangesResponse>(feedChanges),
  [KitsSubjects.publicChanges]: call<KitChangesRequest, PublicKitChangesResponse>(feedChanges),
  [KitsSubjects.adminList]: call<Asked<ListPartRequest & { status?: string }>, ListPart<AdminKit, number>>(
    shape({ actor, status: z.string().optional(), ...listPart }),
  ),
  [KitsSubjects.changeStatus]: call<Asked<{ kitId: number | string; status: string }>, KitStatusChangeResponse>(
    shape({ actor, kitId, status: z.unknown() }),
  ),
  [KitsSubjects.bulkApprove]: call<Asked<{ kitIds: unknown[] }>, BulkApproveResponse>(shape({ actor, kitIds: z.unknown() })),
  [KitsSubjects.reassign]: call<Asked<{ kitId: number | string; userId: string | null }>, AdminKit>(
    shape({ actor, kitId, userId: z.string().nullable().optional() }),
  ),
  [KitsSubjects.adminManufacturers]: call<Asked, ManufacturerRow[]>(byActor),
  [KitsSubjects.addManufacturer]: call<Asked<{ name: string }>, ManufacturerRow>(shape({ actor, name: z.unknown() })),
  [KitsSubjects.renameManufacturer]: call<Asked<{ value: string; label: string }>, ManufacturerRow>(
    shape({ actor, value: z.unknown(), label: z.unknown() }),
  ),
  [KitsSubjects.removeManufacturer]: call<Asked<{ value: string }>, MessageResponse>(shape({ actor, value: z.unknown() })),
  [KitsSubjects.lastApprovedDownload]: call<Asked, LastDownloadResponse>(byActor),
  [KitsSubjects.cleanSerialNumbers]: call<Asked, MaintenanceResult>(byActor),
  [KitsSubjects.updateAmbulanceServices]: call<Asked, MaintenanceResult>(byActor),
  [KitsSubjects.fixMissingAddresses]: call<Asked, FixAddressesResult>(byActor),
  [KitsSubjects.sqlViewportBaseline]: call<ViewportQuery, PublicKit[]>(shape({})),
  [KitsSubjects.stats]: call<Record<string, never>, StatsResponse>(shape({})),
  [KitsSubjects.statistics]: call<Record<string, never>, StatisticsResponse>(shape({})),
  [KitsSubjects.registerBatch]: call<RegisterBatchRequest, RegisterBatchResponse>(
    shape({ actor, ownerId: z.string().nullable().optional(), entries: z.array(shape({ idempotencyKey: z.string().min(1), kit: fields })) }),
  ),
  [KitsSubjects.updateIfUnchanged]: call<UpdateIfUnchangedRequest, UpdateIfUnchangedResponse>(
    shape({ actor, kitId: z.number().int(), idempotencyKey: z.string().min(1), changes: z.array(shape({ field: z.string() })) }),
  ),
  [KitsSubjects.matchForComparison]: call<MatchKitsRequest, MatchKitsResponse>(
    shape({ actor, serialNumbers: z.array(z.string()), locations: z.array(shape({ locationName: z.string(), postcode: z.string() })) }),
  ),
  [KitsSubjects.postcodePlaces]: call<PostcodePlacesRequest, PostcodePlacesResponse>(shape({ postcodes: z.array(z.string()) })),
  [KitsSubjects.verify]: call<VerifyKitRequest, Kit>(shape({ actor, kitId, checklist: fields })),
  [KitsSubjects.bulkUpdateVerificationDates]: call<BulkUpdateVerificationDatesRequest, BulkUpdateVerificationDatesResponse>(
    shape({ actor, dueDate: z.unknown() }),
  ),
  [AmbulanceFeedSubjects.open]: call<FeedOpenRequest, FeedOpenResponse>(
    shape({ keyHash: z.string().min(1), afterRevision: revision.optional(), limit: z.number().int().optional() }),
  ),
  [AmbulanceFeedSubjects.part]: call<FeedPartRequest, FeedPartResponse>(
    shape({
      keyHash: z.string().min(1),
      requestId: z.string(),
      clientAddress: z.unknown(),
      afterRevision: revision,
      upToRevision: revision,
      limit: z.number().int().positive(),
    }),
  ),
  [AmbulanceFeedSubjects.codeDisclosed]: call<CodeDisclosedRequest, CodeDisclosedResponse>(
    shape({ keyHash: z.string().min(1), kitId, note: z.string().nullable().optional(), clientAddress: z.unknown() }),
  ),
  [AmbulanceFeedSubjects.createClient]: call<Asked<CreateFeedClientRequest>, CreateFeedClientResponse>(
    shape({ actor, scope: z.unknown(), label: z.unknown() }),
  ),
  [AmbulanceFeedSubjects.listClients]: call<Asked, FeedClientListResponse>(byActor),
  [AmbulanceFeedSubjects.revokeClient]: call<Asked<{ clientId: string }>, { message: string; client: FeedClientView }>(
    shape({ actor, clientId: z.string() }),
  ),
  [AmbulanceFeedSubjects.statusFacts]: call<Record<string, never>, FeedKeyFacts>(shape({})),
  [AmbulanceFeedSubjects.accessLog]: call<Asked<FeedAccessLogRequest>, FeedAccessLogResponse>(
    shape({ actor, page: z.unknown(), pageSize: z.unknown() }),
  ),
  [AmbulanceFeedSubjects.pushSet]: call<SetFeedPushRequest, SetFeedPushResponse>(shape({ actor, clientId: z.string(), url: z.unknown() })),
  [AmbulanceFeedSubjects.pushRotateSecret]: call<FeedPushClientRequest, RotateFeedPushSecretResponse>(aFeedClient),
  [AmbulanceFeedSubjects.pushResume]: call<FeedPushClientRequest, FeedPushStatusResponse & MessageResponse>(aFeedClient),
  [AmbulanceFeedSubjects.pushReplay]: call<FeedPushReplayRequest, FeedPushStatusResponse & MessageResponse>(
    shape({ actor, clientId: z.string(), fromCursor: z.unknown() }),
  ),
  [AmbulanceFeedSubjects.pushTest]: call<FeedPushClientRequest, FeedPushStatusResponse & MessageResponse>(aFeedClient),
  [AmbulanceFeedSubjects.pushStatus]: call<FeedPushClientRequest, FeedPushStatusResponse>(aFeedClient),
  [AmbulanceFeedSubjects.pushLog]: call<FeedPushLogRequest, FeedPushLogResponse>(
    shape({ actor, clientId: z.string(), page: z.unknown(), pageSize: z.unknown() }),
  ),
  [ApprovedDownloadSubjects.begin]: call<Asked, ApprovedDownloadBeginResponse>(byActor),
  [ApprovedDownloadSubjects.part]: call<Asked<ApprovedDownloadPartRequest>, ApprovedDownloadPartResponse>(
    shape({
      actor,
      fromRevision: revision,
      toRevision: revision,
      after: shape({ revision, service: z.string() }).nullable(),
      limit: z.number().int().positive(),
    }),
  ),
  [ApprovedDownloadSubjects.commit]: call<Asked<ApprovedDownloadCommitRequest>, LastDownloadResponse>(
    shape({
      actor,
      fromRevision: revision,
      toRevision: revision,
      kitCount: z.number().int(),
      withdrawalCount: z.number().int(),
      downloadedAt: z.string(),
    }),
  ),
} as const;
