import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DeploymentChange, KitChange, PublicKit, VerificationCheck } from '@bleedkits/contracts';
import type { KitFields, KitState } from '../domain/kit-state';

/** Every write to the register holds this transaction-scoped lock while it takes its revision, so revisions
 * commit in the order they are taken and a feed reader can never skip one that commits late. */
const REVISION_LOCK_KEY = 48_151_623;

const COLUMNS = `
  k.id::int AS "id", k.revision::bigint AS "revision", k.serial_number AS "serialNumber", k.make, k.other_make AS "otherMake",
  k.location_type AS "locationType", k.cabinet_code AS "cabinetCode", k.location_name AS "locationName",
  k.address_line1 AS "addressLine1", k.address_line2 AS "addressLine2", k.city, k.postcode, k.latitude, k.longitude,
  k.what3words, k.detailed_location AS "detailedLocation", k.opening_hours AS "openingHours", k.availability,
  to_char(k.purchase_date, 'YYYY-MM-DD') AS "purchaseDate", to_char(k.expiry_date, 'YYYY-MM-DD') AS "expiryDate",
  k.custodian_name AS "custodianName", k.custodian_phone AS "custodianPhone", k.custodian_email AS "custodianEmail",
  k.ambulance_service AS "ambulanceService", k.public_display AS "publicDisplay", k.manually_checked AS "manuallyChecked",
  k.owner_id AS "ownerId", k.status, k.approved_at AS "approvedAt", k.last_verified_at AS "lastVerifiedAt",
  k.deployment_status AS "deploymentStatus", k.deployment_notes AS "deploymentNotes", k.created_at AS "createdAt", k.updated_at AS "updatedAt",
  to_char(k.next_verification_due, 'YYYY-MM-DD') AS "nextVerificationDue", to_char(k.tourniquet_expiry, 'YYYY-MM-DD') AS "tourniquetExpiry",
  to_char(k.dressings_expiry, 'YYYY-MM-DD') AS "dressingsExpiry", k.deployment_changed_at AS "deploymentChangedAt"`;

const FIELD_COLUMNS: Record<keyof KitFields, string> = {
  serialNumber: 'serial_number',
  make: 'make',
  otherMake: 'other_make',
  locationType: 'location_type',
  cabinetCode: 'cabinet_code',
  locationName: 'location_name',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  city: 'city',
  postcode: 'postcode',
  latitude: 'latitude',
  longitude: 'longitude',
  what3words: 'what3words',
  detailedLocation: 'detailed_location',
  openingHours: 'opening_hours',
  availability: 'availability',
  purchaseDate: 'purchase_date',
  expiryDate: 'expiry_date',
  custodianName: 'custodian_name',
  custodianPhone: 'custodian_phone',
  custodianEmail: 'custodian_email',
  ambulanceService: 'ambulance_service',
  publicDisplay: 'public_display',
  manuallyChecked: 'manually_checked',
  ownerId: 'owner_id',
  status: 'status',
};

export type KitPatch = Partial<KitFields> &
  Partial<
    Pick<
      KitState,
      'approvedAt' | 'lastVerifiedAt' | 'deploymentStatus' | 'deploymentNotes' | 'nextVerificationDue' | 'tourniquetExpiry' | 'dressingsExpiry'
    >
  > & { approvedBy?: string | null };
const EXTRA_COLUMNS = {
  approvedAt: 'approved_at',
  /** The admin who approved (their user id); kept beside the audit trail so a kit's row says it without a search. */
  approvedBy: 'approved_by',
  lastVerifiedAt: 'last_verified_at',
  deploymentStatus: 'deployment_status',
  deploymentNotes: 'deployment_notes',
  nextVerificationDue: 'next_verification_due',
  tourniquetExpiry: 'tourniquet_expiry',
  dressingsExpiry: 'dressings_expiry',
} as const;

/**
 * What a public listing is made of (contracts' PUBLIC_KIT_FIELDS, verificationStatus from lastVerifiedAt, set by the
 * caller), among other columns of the row.
 */
export type PublicListingRow = Omit<PublicKit, 'verificationStatus'> & {
  lastVerifiedAt: string | null;
  createdAt: string;
  nextVerificationDue: string | null;
  verificationStatus?: PublicKit['verificationStatus'];
};

const PUBLIC_LISTING_COLUMNS = `
  k.id::int AS "id", k.revision::bigint AS "revision", (k.status = 'active' AND k.public_display) AS "isPublic",
  k.location_name AS "locationName", k.location_type AS "locationType", k.latitude, k.longitude, k.availability,
  k.opening_hours AS "openingHours", k.what3words, k.address_line1 AS "addressLine1", k.city, k.postcode,
  k.detailed_location AS "detailedLocation", k.deployment_status AS "deploymentStatus",
  to_char(k.last_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastVerifiedAt",
  to_char(k.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(k.next_verification_due, 'YYYY-MM-DD') AS "nextVerificationDue"`;

/** The newest revision committed: a kit's or a tombstone's (the feeds answer it so a consumer far behind reads ahead). */
const HEAD_REVISION = `SELECT greatest((SELECT max(revision) FROM kits.kits), (SELECT max(revision) FROM kits.kit_tombstones), 0)::bigint AS head`;

/** A feed's upper revision bound as a Postgres bigint parameter: an unbounded read asks up to the largest one. */
const bigintBound = (upTo: number) => (Number.isFinite(upTo) ? String(upTo) : '9223372036854775807');

function toState(row: Record<string, unknown>): KitState {
  const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());
  return {
    ...(row as unknown as KitState),
    id: Number(row.id),
    revision: Number(row.revision),
    approvedAt: iso(row.approvedAt),
    lastVerifiedAt: iso(row.lastVerifiedAt),
    deploymentChangedAt: iso(row.deploymentChangedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** TypeORM answers SELECT and INSERT with rows, UPDATE and DELETE with [rows, count]. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as unknown[];
  return Array.isArray(r[0]) ? (r[0] as Record<string, unknown>[]) : (r as Record<string, unknown>[]);
}

@Injectable()
export class KitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs a write in a transaction holding the revision lock; `revision` is the value this write commits with. */
  async write<T>(work: (m: EntityManager, revision: number) => Promise<T>): Promise<{ result: T; revision: number }> {
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [REVISION_LOCK_KEY]);
      const [{ revision }] = await m.query(`SELECT nextval('kits.revision_seq')::bigint AS revision`);
      const result = await work(m, Number(revision));
      return { result, revision: Number(revision) };
    });
  }

  /** A further revision inside a write (several rows in one transaction each take their own). */
  async nextRevision(m: EntityManager): Promise<number> {
    const [{ revision }] = await m.query(`SELECT nextval('kits.revision_seq')::bigint AS revision`);
    return Number(revision);
  }

  async insert(m: EntityManager, revision: number, fields: KitFields): Promise<KitState> {
    const keys = Object.keys(fields) as (keyof KitFields)[];
    const cols = ['revision', ...keys.map((k) => FIELD_COLUMNS[k])];
    const values = [revision, ...keys.map((k) => fields[k])];
    const rows = rowsOf(
      await m.query(
        `INSERT INTO kits.kits AS k (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${COLUMNS}`,
        values,
      ),
    );
    return toState(rows[0]);
  }

  async update(m: EntityManager, revision: number, id: number, patch: KitPatch): Promise<KitState> {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof KitPatch, unknown][];
    const column = (k: keyof KitPatch) => (FIELD_COLUMNS as Record<string, string>)[k] ?? (EXTRA_COLUMNS as Record<string, string>)[k];
    const sets = entries.map(([k], i) => `${column(k)} = $${i + 3}`);
    const rows = rowsOf(
      await m.query(
        `UPDATE kits.kits AS k SET revision = $2, updated_at = now()${sets.length ? ', ' + sets.join(', ') : ''} WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, revision, ...entries.map(([, v]) => v)],
      ),
    );
    return toState(rows[0]);
  }

  async delete(m: EntityManager, revision: number, id: number): Promise<void> {
    await m.query(`DELETE FROM kits.kits WHERE id = $1`, [id]);
    await m.query(
      `INSERT INTO kits.kit_tombstones (kit_id, revision) VALUES ($1, $2) ON CONFLICT (kit_id) DO UPDATE SET revision = excluded.revision, deleted_at = now()`,
      [id, revision],
    );
  }

  async recordDeploymentChange(m: EntityManager, kitId: number, change: Omit<DeploymentChange, 'changedAt'>): Promise<void> {
    await m.query(`INSERT INTO kits.deployment_changes (kit_id, status, notes, changed_by) VALUES ($1, $2, $3, $4)`, [
      kitId,
      change.status,
      change.notes,
      change.changedBy,
    ]);
  }

  async findById(id: number, m: EntityManager = this.dataSource.manager, forUpdate = false): Promise<KitState | null> {
    const rows = rowsOf(await m.query(`SELECT ${COLUMNS} FROM kits.kits k WHERE k.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]));
    return rows[0] ? toState(rows[0]) : null;
  }

  /**
   * One part of the admin list (all kits, or one status), newest first: the kits with an id below `beforeId`.
   * A list that grows with the register is read in parts (ARCHITECTURE: nothing unbounded crosses NATS).
   */
  async findPage(filter: { status?: string; ownerId?: string }, beforeId: number | null, limit: number): Promise<KitState[]> {
    const params: unknown[] = [beforeId ?? Number.MAX_SAFE_INTEGER, limit];
    const where = ['k.id < $1'];
    if (filter.status) where.push(`k.status = $${params.push(filter.status)}`);
    if (filter.ownerId) where.push(`k.owner_id = $${params.push(filter.ownerId)}`);
    return rowsOf(
      await this.dataSource.query(`SELECT ${COLUMNS} FROM kits.kits k WHERE ${where.join(' AND ')} ORDER BY k.id DESC LIMIT $2`, params),
    ).map(toState);
  }

  /** Kits needing a maintenance tool: an imported serial prefix, an undetected service, or no postcode or town. */
  async findForMaintenance(need: 'importPrefix' | 'unknownService' | 'missingAddress', importPrefix = 'IMPORT-'): Promise<KitState[]> {
    const where = {
      importPrefix: `upper(k.serial_number) LIKE upper($1) || '%' AND length(k.serial_number) > length($1)`,
      unknownService: `k.ambulance_service IN ('', 'unknown')`,
      missingAddress: `(btrim(k.postcode) = '' OR btrim(k.city) = '')`,
    }[need];
    const params = need === 'importPrefix' ? [importPrefix] : [];
    return rowsOf(await this.dataSource.query(`SELECT ${COLUMNS} FROM kits.kits k WHERE ${where} ORDER BY k.id`, params)).map(toState);
  }

  async findByIds(ids: number[], m: EntityManager = this.dataSource.manager, forUpdate = false): Promise<KitState[]> {
    if (!ids.length) return [];
    return rowsOf(await m.query(`SELECT ${COLUMNS} FROM kits.kits k WHERE k.id = ANY($1) ORDER BY k.id${forUpdate ? ' FOR UPDATE' : ''}`, [ids])).map(
      toState,
    );
  }

  async currentRevision(m: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ r }] = await m.query(
      `SELECT coalesce(max(revision), 0)::bigint AS r FROM (SELECT max(revision) AS revision FROM kits.kits UNION ALL SELECT max(revision) FROM kits.kit_tombstones) x`,
    );
    return Number(r);
  }

  /** The last checks of each kit, newest first (at most `perKit` each). */
  async verificationChecks(kitIds: number[], perKit = 10): Promise<Map<number, VerificationCheck[]>> {
    const out = new Map<number, VerificationCheck[]>();
    if (!kitIds.length) return out;
    const rows = await this.dataSource.query(
      `SELECT id::int AS id, kit_id::int AS "kitId", checked_at AS "checkedAt", checked_by AS "checkedBy", checked_by_email AS "checkedByEmail",
              cabinet_accessible AS "cabinetAccessible", kit_present AS "kitPresent", seal_intact AS "sealIntact",
              to_char(tourniquet_expiry, 'YYYY-MM-DD') AS "tourniquetExpiry", to_char(dressings_expiry, 'YYYY-MM-DD') AS "dressingsExpiry", notes, passed
         FROM (SELECT c.*, row_number() OVER (PARTITION BY kit_id ORDER BY checked_at DESC, id DESC) AS n FROM kits.verification_checks c WHERE kit_id = ANY($1)) x
        WHERE n <= $2 ORDER BY kit_id, checked_at DESC, id DESC`,
      [kitIds, perKit],
    );
    for (const r of rows as (Omit<VerificationCheck, 'checkedAt'> & { kitId: number; checkedAt: Date })[]) {
      const { kitId, ...check } = r;
      const list = out.get(kitId) ?? [];
      list.push({ ...check, checkedAt: r.checkedAt.toISOString() });
      out.set(kitId, list);
    }
    return out;
  }

  async recordVerificationCheck(m: EntityManager, kitId: number, check: Omit<VerificationCheck, 'id' | 'checkedAt'>): Promise<VerificationCheck> {
    const rows = rowsOf(
      await m.query(
        `INSERT INTO kits.verification_checks (kit_id, checked_by, checked_by_email, cabinet_accessible, kit_present, seal_intact, tourniquet_expiry, dressings_expiry, notes, passed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::int AS id, checked_at AS "checkedAt"`,
        [
          kitId,
          check.checkedBy,
          check.checkedByEmail,
          check.cabinetAccessible,
          check.kitPresent,
          check.sealIntact,
          check.tourniquetExpiry,
          check.dressingsExpiry,
          check.notes,
          check.passed,
        ],
      ),
    );
    return { ...check, id: Number(rows[0].id), checkedAt: new Date(rows[0].checkedAt as string).toISOString() };
  }

  /** Active kits' ids in order, a part at a time (the bulk verification date update walks them). */
  async activeIdsAfter(m: EntityManager, afterId: number, limit: number): Promise<number[]> {
    const rows = await m.query(`SELECT id::int AS id FROM kits.kits WHERE status = 'active' AND id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
    return (rows as { id: number }[]).map((r) => r.id);
  }

  async deploymentHistory(kitIds: number[]): Promise<Map<number, DeploymentChange[]>> {
    const out = new Map<number, DeploymentChange[]>();
    if (!kitIds.length) return out;
    const rows = await this.dataSource.query(
      `SELECT kit_id::int AS "kitId", status, notes, changed_by AS "changedBy", changed_at AS "changedAt"
         FROM kits.deployment_changes WHERE kit_id = ANY($1) ORDER BY changed_at, id`,
      [kitIds],
    );
    for (const r of rows as { kitId: number; status: DeploymentChange['status']; notes: string | null; changedBy: string; changedAt: Date }[]) {
      const list = out.get(r.kitId) ?? [];
      list.push({ status: r.status, notes: r.notes, changedBy: r.changedBy, changedAt: r.changedAt.toISOString() });
      out.set(r.kitId, list);
    }
    return out;
  }

  /**
   * Rows and tombstones after a revision, in revision order: the kits.changes feed. Each branch walks its revision
   * index and stops at the limit, so a page costs the same at revision 0 of a million kits as at the head.
   */
  async changesAfter(
    afterRevision: number,
    limit: number,
    upToRevision = Infinity,
  ): Promise<{ headRevision: number; changes: { revision: number; kitId: number; state: KitState | null }[] }> {
    const upTo = bigintBound(upToRevision);
    // One snapshot for the three reads, or a revision committed between them could be skipped (or named as head unread).
    const [rows, tombstones, [{ head }]] = await this.dataSource.transaction('REPEATABLE READ', async (m) => [
      await m.query(`SELECT ${COLUMNS} FROM kits.kits k WHERE k.revision > $1 AND k.revision <= $3 ORDER BY k.revision LIMIT $2`, [
        afterRevision,
        limit,
        upTo,
      ]),
      await m.query(
        `SELECT revision::bigint AS revision, kit_id::int AS "kitId" FROM kits.kit_tombstones WHERE revision > $1 AND revision <= $3 ORDER BY revision LIMIT $2`,
        [afterRevision, limit, upTo],
      ),
      await m.query(HEAD_REVISION),
    ]);
    const merged = [
      ...(rows as Record<string, unknown>[]).map((r) => ({ revision: Number(r.revision), kitId: Number(r.id), state: toState(r) })),
      ...(tombstones as { revision: string; kitId: number }[]).map((t) => ({ revision: Number(t.revision), kitId: t.kitId, state: null })),
    ];
    return { headRevision: Number(head), changes: merged.sort((a, b) => a.revision - b.revision).slice(0, limit) };
  }

  /**
   * The public projection's feed: the same revisions as changesAfter, but only the columns of a public listing, and
   * `listing` null for a kit that is not public (deleted, pending, rejected, or publicDisplay off).
   */
  async publicChangesAfter(
    afterRevision: number,
    limit: number,
    upToRevision = Infinity,
  ): Promise<{ headRevision: number; changes: { revision: number; kitId: number; listing: PublicListingRow | null }[] }> {
    const upTo = bigintBound(upToRevision);
    const [rows, tombstones, [{ head }]] = await this.dataSource.transaction('REPEATABLE READ', async (m) => [
      await m.query(`SELECT ${PUBLIC_LISTING_COLUMNS} FROM kits.kits k WHERE k.revision > $1 AND k.revision <= $3 ORDER BY k.revision LIMIT $2`, [
        afterRevision,
        limit,
        upTo,
      ]),
      await m.query(
        `SELECT revision::bigint AS revision, kit_id::int AS "kitId" FROM kits.kit_tombstones WHERE revision > $1 AND revision <= $3 ORDER BY revision LIMIT $2`,
        [afterRevision, limit, upTo],
      ),
      await m.query(HEAD_REVISION),
    ]);
    const merged = [
      // The row itself is the listing (toPublicKit picks the public fields out of it): no copy per kit.
      ...(rows as (PublicListingRow & { revision: string; isPublic: boolean })[]).map((r) => ({
        revision: Number(r.revision),
        kitId: r.id,
        listing: r.isPublic ? r : null,
      })),
      ...(tombstones as { revision: string; kitId: number }[]).map((t) => ({ revision: Number(t.revision), kitId: t.kitId, listing: null })),
    ];
    return { headRevision: Number(head), changes: merged.sort((a, b) => a.revision - b.revision).slice(0, limit) };
  }

  async countByOwner(ownerIds: string[]): Promise<Record<string, number>> {
    if (!ownerIds.length) return {};
    const rows = await this.dataSource.query(
      `SELECT owner_id AS "ownerId", count(*)::int AS n FROM kits.kits WHERE owner_id = ANY($1) GROUP BY owner_id`,
      [ownerIds],
    );
    return Object.fromEntries((rows as { ownerId: string; n: number }[]).map((r) => [r.ownerId, r.n]));
  }

  async count(): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM kits.kits`);
    return n;
  }

  async manufacturers(): Promise<{ key: string; label: string }[]> {
    return this.dataSource.query(`SELECT key, label FROM kits.manufacturers ORDER BY key = 'other', label`);
  }
}

export type { KitChange };
