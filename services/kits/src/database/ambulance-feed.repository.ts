import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type AmbulanceService,
  type ApprovedKitRow,
  type ControlRoomSource,
  type FeedAccessLogEntry,
  type FeedClientView,
  type FeedScope,
  LOCATION_TYPE_LABELS,
  type WithdrawalReason,
  controlRoomScheduleJson,
  displayKitId,
} from '@bleedkits/contracts';

/** The columns a control-room record and an approved-kits row are made of, as the wire wants them (no Date objects). */
const FEED_COLUMNS = `
  k.location_name AS "locationName", k.address_line1 AS "addressLine1", k.address_line2 AS "addressLine2", k.city, k.postcode,
  k.latitude, k.longitude, k.what3words, k.detailed_location AS "detailedLocation", k.location_type AS "locationType",
  k.opening_hours AS "openingHours", k.availability, k.cabinet_code AS "cabinetCode", k.ambulance_service AS "ambulanceService",
  k.public_display AS "publicDisplay", k.deployment_status AS "deploymentStatus", k.serial_number AS "serialNumber",
  to_char(k.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastVerifiedAt",
  to_char(k.approved_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "approvedAt",
  to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(k.next_verification_due, 'YYYY-MM-DD') AS "nextVerificationDue",
  to_char(k.expiry_date, 'YYYY-MM-DD') AS "expiryDate",
  to_char(k.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** A SQL literal of a constant text (the labels below are ours, but quoting is never optional). */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** LOCATION_TYPE_LABELS as a SQL expression, so Postgres writes the label beside the type. */
export const LOCATION_TYPE_LABEL_SQL = `CASE k.location_type ${Object.entries(LOCATION_TYPE_LABELS)
  .map(([type, label]) => `WHEN ${sqlText(type)} THEN ${sqlText(label)}`)
  .join(' ')} ELSE k.location_type END`;

const STATE_MEMBERS = `'ambulanceService', k.ambulance_service, 'shownOnPublicMap', k.public_display,
    'deploymentStatus', k.deployment_status,
    'lastVerifiedDate', to_char(k.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
    'expiryDate', to_char(k.expiry_date, 'YYYY-MM-DD'),
    'updatedAt', to_char(k.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A control-room record written as JSON by Postgres, in toControlRoomKit's order, in two pieces around the one field
 * the kits context computes (the structured schedule): a feed page is thousands of kits, and taking each column
 * apart in Node only to write it out again was most of a page's work. $5 says whether the scope carries cabinet
 * codes. The spec beside the handler holds these to toControlRoomKit, the record's one definition.
 */
const CONTROL_ROOM_RECORD_PARTS = `
  json_build_object('locationName', k.location_name, 'addressLine1', k.address_line1, 'addressLine2', k.address_line2,
    'city', k.city, 'postcode', k.postcode, 'latitude', k.latitude, 'longitude', k.longitude, 'what3words', k.what3words,
    'detailedLocation', k.detailed_location, 'locationType', k.location_type, 'locationTypeLabel', ${LOCATION_TYPE_LABEL_SQL},
    'openingHours', k.opening_hours)::text AS "placeJson",
  CASE WHEN $5 THEN json_build_object(${STATE_MEMBERS}, 'cabinetCode', k.cabinet_code)
       ELSE json_build_object(${STATE_MEMBERS}) END::text AS "stateJson",
  k.availability, (k.cabinet_code IS NOT NULL) AS "hasCabinetCode"`;

/** A feed record as the part writes it: the kit's record as JSON, or why it left (then recordJson is null). */
export type FeedRecordRow = {
  kitId: number;
  revision: number;
  withdrawnReason: WithdrawalReason | null;
  recordJson: string | null;
  hasCabinetCode: boolean;
};

type RawRecordRow = {
  kitId: number;
  revision: string;
  withdrawnReason: WithdrawalReason | null;
  present: boolean;
  placeJson: string;
  stateJson: string;
  availability: string | null;
  hasCabinetCode: boolean;
};

/** Why an entry left its scope, or null while it is in it: a kit whose row is gone (deleted without a tombstone) left too. */
const withdrawalOf = (r: { withdrawnReason: WithdrawalReason | null; present: boolean }): WithdrawalReason | null =>
  r.withdrawnReason ?? (r.present ? null : 'deleted');

/** `{"a" : 1, "b" : 2}` → `"a" : 1, "b" : 2` (Postgres's json_build_object text, without its braces). */
const members = (objectJson: string) => objectJson.slice(1, -1);

function toRecordRow(r: RawRecordRow): FeedRecordRow {
  const revision = Number(r.revision);
  const withdrawnReason = withdrawalOf(r);
  if (withdrawnReason) return { kitId: r.kitId, revision, withdrawnReason, recordJson: null, hasCabinetCode: false };
  const recordJson =
    `{"id":${r.kitId},"reference":${JSON.stringify(displayKitId(r.kitId))},"revision":${revision},"withdrawn":false,` +
    `${members(r.placeJson)},"schedule":${controlRoomScheduleJson(r.availability)},${members(r.stateJson)}}`;
  return { kitId: r.kitId, revision, withdrawnReason: null, recordJson, hasCabinetCode: r.hasCabinetCode };
}

/** One feed entry: the kit as it is now (it is in the scope) or why it left. */
export type FeedEntryRow = {
  kitId: number;
  revision: number;
  scope: string;
  /** Null while the kit is in the scope. */
  withdrawnReason: WithdrawalReason | null;
  kit: (ControlRoomSource & ApprovedKitRow) | null;
};

export type FeedClientRecord = { id: string; scope: FeedScope; label: string };

type RawEntry = Record<string, unknown> & {
  kitId: number;
  revision: string;
  scope: string;
  withdrawnReason: WithdrawalReason | null;
  present: boolean;
};

function toEntry(r: RawEntry): FeedEntryRow {
  const revision = Number(r.revision);
  const reason = withdrawalOf(r);
  if (reason) return { kitId: r.kitId, revision, scope: r.scope, withdrawnReason: reason, kit: null };
  const kit = r as unknown as ControlRoomSource & ApprovedKitRow;
  kit.id = r.kitId;
  kit.revision = revision;
  return { kitId: r.kitId, revision, scope: r.scope, withdrawnReason: null, kit };
}

const entrySelect = (columns: string) => `
  SELECT e.kit_id::int AS "kitId", e.revision::bigint AS revision, e.scope, e.withdrawn_reason AS "withdrawnReason",
         (k.id IS NOT NULL) AS present, ${columns}
    FROM kits.feed_entries e
    LEFT JOIN kits.kits k ON k.id = e.kit_id AND e.withdrawn_reason IS NULL`;
/** A download's entries: the control-room record and the approved-kits file's columns. */
const ENTRY_SELECT = entrySelect(FEED_COLUMNS);
/** A feed page's entries: the control-room record, written by Postgres. */
const FEED_RECORD_SELECT = entrySelect(CONTROL_ROOM_RECORD_PARTS);

/** Feed entries, feed clients, their access log and the approved-kits download watermark. */
@Injectable()
export class AmbulanceFeedRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest revision in a scope: nothing in it has changed while this stays the same. */
  async scopeHead(scope: string): Promise<number> {
    const [{ head }] = await this.dataSource.query(`SELECT coalesce(max(revision), 0)::bigint AS head FROM kits.feed_entries WHERE scope = $1`, [
      scope,
    ]);
    return Number(head);
  }

  /** The revisions of a scope's next `limit` entries after a revision, up to another (an index-only read). */
  async scopeRevisions(scope: string, afterRevision: number, upToRevision: number, limit: number): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT revision::bigint AS r FROM kits.feed_entries WHERE scope = $1 AND revision > $2 AND revision <= $3 ORDER BY revision LIMIT $4`,
      [scope, afterRevision, upToRevision, limit],
    )) as { r: string }[];
    return rows.map((row) => Number(row.r));
  }

  /** The scope's records after a revision, up to another, in revision order (one statement: one snapshot). */
  async scopeRecords(scope: string, afterRevision: number, upToRevision: number, limit: number, withCodes: boolean): Promise<FeedRecordRow[]> {
    const rows = (await this.dataSource.query(
      `${FEED_RECORD_SELECT} WHERE e.scope = $1 AND e.revision > $2 AND e.revision <= $3 ORDER BY e.revision LIMIT $4`,
      [scope, afterRevision, upToRevision, limit, withCodes],
    )) as RawRecordRow[];
    return rows.map(toRecordRow);
  }

  /**
   * The ambulance-service entries of a download's range, ordered by (revision, service): `after` is the last entry
   * of the previous part. The responder app is no ambulance service and has no file.
   */
  async downloadEntries(
    fromRevision: number,
    toRevision: number,
    after: { revision: number; service: string } | null,
    limit: number,
  ): Promise<FeedEntryRow[]> {
    const a = after ?? { revision: fromRevision, service: '' };
    const rows = (await this.dataSource.query(
      `${ENTRY_SELECT}
        WHERE e.scope <> 'responder_app' AND e.revision > $1 AND e.revision <= $2 AND (e.revision, e.scope) > ($3::bigint, $4::text)
        ORDER BY e.revision, e.scope LIMIT $5`,
      [fromRevision, toRevision, a.revision, a.service, limit],
    )) as RawEntry[];
    return rows.map(toEntry);
  }

  /**
   * The newest revision every earlier revision of which is committed: writers take revisions under one lock and
   * commit in that order, so the largest visible one is such a head.
   */
  async registerHead(): Promise<number> {
    const [{ head }] = await this.dataSource.query(
      `SELECT greatest((SELECT max(revision) FROM kits.kits), (SELECT max(revision) FROM kits.kit_tombstones), 0)::bigint AS head`,
    );
    return Number(head);
  }

  // ---- the approved-kits download watermark --------------------------------------------------------------

  async lastDownload(m: EntityManager = this.dataSource.manager): Promise<{ downloadedAt: Date; toRevision: number } | null> {
    const [row] = await m.query(
      `SELECT downloaded_at AS "downloadedAt", to_revision::bigint AS "toRevision" FROM kits.approved_kit_downloads ORDER BY to_revision DESC, id DESC LIMIT 1`,
    );
    return row ? { downloadedAt: new Date(row.downloadedAt), toRevision: Number(row.toRevision) } : null;
  }

  /**
   * Moves the watermark from `fromRevision` to `toRevision`, only if it still stands at `fromRevision` (another
   * download finishing first wins; this one is refused and nothing is recorded). Returns false when refused.
   */
  async recordDownload(
    d: {
      fromRevision: number;
      toRevision: number;
      kitCount: number;
      withdrawalCount: number;
      downloadedBy: string;
      downloadedAt: Date;
    },
    alsoRecord?: (m: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`LOCK TABLE kits.approved_kit_downloads IN EXCLUSIVE MODE`);
      const last = await this.lastDownload(m);
      if ((last?.toRevision ?? 0) !== d.fromRevision) return false;
      await m.query(
        `INSERT INTO kits.approved_kit_downloads (from_revision, to_revision, kit_count, withdrawal_count, downloaded_by, downloaded_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [d.fromRevision, d.toRevision, d.kitCount, d.withdrawalCount, d.downloadedBy, d.downloadedAt],
      );
      await alsoRecord?.(m);
      return true;
    });
  }

  // ---- feed clients ------------------------------------------------------------------------------------

  /** `alsoRecord` writes in the same transaction (the audit entry of the new key). */
  async createClient(
    c: { scope: FeedScope; label: string; keyHash: string; keyPrefix: string; createdBy: string },
    alsoRecord?: (m: EntityManager, client: FeedClientView) => Promise<void>,
  ): Promise<FeedClientView> {
    return this.dataSource.transaction(async (m) => {
      const [row] = await m.query(
        `INSERT INTO kits.ambulance_feed_clients (scope, label, key_hash, key_prefix, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${CLIENT_COLUMNS}`,
        [c.scope, c.label, c.keyHash, c.keyPrefix, c.createdBy],
      );
      const client = toClientView(row);
      await alsoRecord?.(m, client);
      return client;
    });
  }

  async countClients(): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM kits.ambulance_feed_clients WHERE revoked_at IS NULL`);
    return n;
  }

  async listClients(limit: number): Promise<FeedClientView[]> {
    const rows = await this.dataSource.query(
      `SELECT ${CLIENT_COLUMNS} FROM kits.ambulance_feed_clients ORDER BY revoked_at IS NOT NULL, scope, created_at DESC LIMIT $1`,
      [limit],
    );
    return (rows as Record<string, unknown>[]).map(toClientView);
  }

  /** The keys not revoked, oldest first (the status page's feed facts). */
  async activeClients(limit: number): Promise<FeedClientView[]> {
    const rows = await this.dataSource.query(
      `SELECT ${CLIENT_COLUMNS} FROM kits.ambulance_feed_clients WHERE revoked_at IS NULL ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return (rows as Record<string, unknown>[]).map(toClientView);
  }

  /** Revokes an active client; false when there is no such client (or it was already revoked). */
  /** `alsoRecord` writes in the same transaction (the audit entry of the revocation), only when a key was revoked. */
  async revokeClient(
    id: string,
    by: string,
    alsoRecord?: (m: EntityManager, client: FeedClientView) => Promise<void>,
  ): Promise<FeedClientView | null> {
    return this.dataSource.transaction(async (m) => {
      const [rows] = await m.query(
        `UPDATE kits.ambulance_feed_clients SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING ${CLIENT_COLUMNS}`,
        [id, by],
      );
      const row = (rows as Record<string, unknown>[])[0];
      if (!row) return null;
      const client = toClientView(row);
      await alsoRecord?.(m, client);
      return client;
    });
  }

  /** The active client holding a key (by its hash); a revoked or unknown key finds nothing alike. */
  async activeClientByKeyHash(keyHash: string): Promise<FeedClientRecord | null> {
    const [row] = await this.dataSource.query(`SELECT id, scope, label FROM kits.ambulance_feed_clients WHERE key_hash = $1 AND revoked_at IS NULL`, [
      keyHash,
    ]);
    return row ?? null;
  }

  /** "Last used", to the minute: a client polling every few seconds does not write a row each time. */
  async touchClient(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE kits.ambulance_feed_clients SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }

  // ---- the access log --------------------------------------------------------------------------------

  /**
   * One row per HTTP answer: a page assembled from several parts adds each part's counts to the same row. A pushed
   * batch is one row too, written in the transaction that holds the batch (`m`).
   */
  async logAccess(
    a: {
      requestId: string;
      clientId: string;
      scope: FeedScope;
      kitsReturned: number;
      codesReturned: number;
      clientAddress: string;
    },
    m: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO kits.ambulance_feed_access_log (request_id, client_id, scope, kits_returned, codes_returned, client_address)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (request_id) DO UPDATE SET kits_returned = kits.ambulance_feed_access_log.kits_returned + excluded.kits_returned,
                                              codes_returned = kits.ambulance_feed_access_log.codes_returned + excluded.codes_returned`,
      [a.requestId, a.clientId, a.scope, a.kitsReturned, a.codesReturned, a.clientAddress.slice(0, 100)],
    );
  }

  async accessLogPage(page: number, pageSize: number): Promise<{ total: number; entries: FeedAccessLogEntry[] }> {
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM kits.ambulance_feed_access_log`);
    const rows = await this.dataSource.query(
      `SELECT l.id::bigint AS id, l.client_id AS "clientId", c.label AS "clientLabel", l.scope, l.accessed_at AS "accessedAt",
              l.kits_returned AS "kitsReturned", l.codes_returned AS "codesReturned", l.client_address AS "clientAddress"
         FROM kits.ambulance_feed_access_log l JOIN kits.ambulance_feed_clients c ON c.id = l.client_id
        ORDER BY l.accessed_at DESC, l.id DESC LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    );
    return {
      total,
      entries: (rows as (FeedAccessLogEntry & { accessedAt: Date | string; id: string })[]).map((r) => ({
        ...r,
        id: Number(r.id),
        accessedAt: new Date(r.accessedAt).toISOString(),
      })),
    };
  }

  async kitScopeOf(id: number, m: EntityManager): Promise<{ status: string; ambulanceService: AmbulanceService } | null> {
    const [row] = await m.query(`SELECT status, ambulance_service AS "ambulanceService" FROM kits.kits WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }
}

const CLIENT_COLUMNS = `id, label, scope, key_prefix AS "keyPrefix", created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

function toClientView(r: Record<string, unknown>): FeedClientView {
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return {
    id: String(r.id),
    label: String(r.label),
    scope: r.scope as FeedScope,
    keyPrefix: String(r.keyPrefix),
    createdAt: iso(r.createdAt)!,
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
  };
}
