import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ProjectedKit } from '../domain/projected-kit';

export const PROJECTED_KIT_COLUMNS = `
  id::int AS id, revision::bigint AS revision, serial_number AS "serialNumber", location_name AS "locationName",
  address_line1 AS "addressLine1", city, postcode, custodian_name AS "custodianName", custodian_email AS "custodianEmail",
  created_at AS "createdAt", last_verified_at AS "lastVerifiedAt", to_char(next_verification_due, 'YYYY-MM-DD') AS "nextVerificationDue",
  deployment_status AS "deploymentStatus", deployment_notes AS "deploymentNotes", deployment_changed_at AS "deploymentChangedAt",
  to_char(tourniquet_expiry, 'YYYY-MM-DD') AS "tourniquetExpiry", to_char(dressings_expiry, 'YYYY-MM-DD') AS "dressingsExpiry"`;

export function toProjectedKit(r: Record<string, unknown>): ProjectedKit {
  const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());
  return {
    ...(r as unknown as ProjectedKit),
    revision: Number(r.revision),
    createdAt: iso(r.createdAt)!,
    lastVerifiedAt: iso(r.lastVerifiedAt),
    deploymentChangedAt: iso(r.deploymentChangedAt),
  };
}

/** Which kits a report or a run reads, by due day (YYYY-MM-DD, London): inclusive bounds, either optional. */
export type DueWindow = { dueBefore?: string; dueFrom?: string; dueUpTo?: string };

/** The verification context's projection of active kits, and its position in the kits feed. */
@Injectable()
export class ProjectionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async position(): Promise<number> {
    const [{ revision }] = await this.dataSource.query(`SELECT revision::bigint AS revision FROM verification.feed_position WHERE id = 1`);
    return Number(revision);
  }

  /** Never moves back: two replicas may apply the same pages. */
  async advanceTo(m: EntityManager, revision: number): Promise<void> {
    await m.query(`UPDATE verification.feed_position SET revision = greatest(revision, $1) WHERE id = 1`, [revision]);
  }

  async findByIds(m: EntityManager, ids: number[]): Promise<Map<number, ProjectedKit>> {
    if (!ids.length) return new Map();
    const rows = await m.query(`SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits WHERE id = ANY($1) AND active FOR UPDATE`, [ids]);
    return new Map((rows as Record<string, unknown>[]).map((r) => [Number(r.id), toProjectedKit(r)]));
  }

  /** Writes kits' states at their revisions, in one statement, except where a newer revision is already stored. */
  async upsert(m: EntityManager, kits: ProjectedKit[]): Promise<void> {
    if (!kits.length) return;
    await m.query(
      `INSERT INTO verification.kits AS v (id, revision, active, serial_number, location_name, address_line1, city, postcode, custodian_name, custodian_email,
         created_at, last_verified_at, next_verification_due, deployment_status, deployment_notes, deployment_changed_at, tourniquet_expiry, dressings_expiry)
       SELECT r.id, r.revision, true, r."serialNumber", r."locationName", r."addressLine1", r.city, r.postcode, r."custodianName", r."custodianEmail",
         r."createdAt", r."lastVerifiedAt", r."nextVerificationDue", r."deploymentStatus", r."deploymentNotes", r."deploymentChangedAt", r."tourniquetExpiry", r."dressingsExpiry"
         FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, revision bigint, "serialNumber" text, "locationName" text, "addressLine1" text, city text, postcode text,
           "custodianName" text, "custodianEmail" text, "createdAt" timestamptz, "lastVerifiedAt" timestamptz, "nextVerificationDue" date, "deploymentStatus" text,
           "deploymentNotes" text, "deploymentChangedAt" timestamptz, "tourniquetExpiry" date, "dressingsExpiry" date)
       ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, active = true, serial_number = excluded.serial_number,
         location_name = excluded.location_name, address_line1 = excluded.address_line1, city = excluded.city, postcode = excluded.postcode,
         custodian_name = excluded.custodian_name, custodian_email = excluded.custodian_email, created_at = excluded.created_at,
         last_verified_at = excluded.last_verified_at, next_verification_due = excluded.next_verification_due,
         deployment_status = excluded.deployment_status, deployment_notes = excluded.deployment_notes,
         deployment_changed_at = excluded.deployment_changed_at, tourniquet_expiry = excluded.tourniquet_expiry, dressings_expiry = excluded.dressings_expiry
       WHERE v.revision < excluded.revision`,
      [JSON.stringify(kits)],
    );
  }

  /** Kits that left the active register (deleted, pending again, rejected), unless a newer revision is stored. */
  async deactivate(m: EntityManager, gone: { id: number; revision: number }[]): Promise<void> {
    if (!gone.length) return;
    await m.query(
      `INSERT INTO verification.kits AS v (id, revision, active) SELECT r.id, r.revision, false FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, revision bigint)
       ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, active = false WHERE v.revision < excluded.revision`,
      [JSON.stringify(gone)],
    );
  }

  /** Active kits after an id in id order, within a due window: reports and runs read the register a part at a time. */
  async page(window: DueWindow, afterId: number, limit: number): Promise<ProjectedKit[]> {
    const { where, params } = this.where(window, [afterId, limit]);
    const rows = await this.dataSource.query(
      `SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits WHERE id > $1 AND ${where} ORDER BY id LIMIT $2`,
      params,
    );
    return (rows as Record<string, unknown>[]).map(toProjectedKit);
  }

  /** Active kits within a due window, most overdue first (earliest due day, then id), a page at a time. */
  async pageByDue(window: DueWindow, offset: number, limit: number): Promise<ProjectedKit[]> {
    const { where, params } = this.where(window, [offset, limit]);
    const rows = await this.dataSource.query(
      `SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits WHERE ${where} ORDER BY next_verification_due, id OFFSET $1 LIMIT $2`,
      params,
    );
    return (rows as Record<string, unknown>[]).map(toProjectedKit);
  }

  async count(window: DueWindow): Promise<number> {
    const { where, params } = this.where(window, []);
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM verification.kits WHERE ${where}`, params);
    return n;
  }

  /** Kits deployed since before a moment, oldest deployment first (at most `limit`). */
  async deployedSince(before: Date, limit: number): Promise<{ kits: ProjectedKit[]; total: number }> {
    const where = `active AND deployment_status = 'deployed' AND deployment_changed_at < $1`;
    const rows = await this.dataSource.query(
      `SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits WHERE ${where} ORDER BY deployment_changed_at, id LIMIT $2`,
      [before, limit],
    );
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM verification.kits WHERE ${where}`, [before]);
    return { kits: (rows as Record<string, unknown>[]).map(toProjectedKit), total: n };
  }

  async findActive(id: number): Promise<ProjectedKit | null> {
    const rows = await this.dataSource.query(`SELECT ${PROJECTED_KIT_COLUMNS} FROM verification.kits WHERE id = $1 AND active`, [id]);
    return rows[0] ? toProjectedKit(rows[0]) : null;
  }

  private where(w: DueWindow, params: unknown[]): { where: string; params: unknown[] } {
    const clauses = ['active'];
    if (w.dueBefore) clauses.push(`next_verification_due < $${params.push(w.dueBefore)}`);
    if (w.dueFrom) clauses.push(`next_verification_due >= $${params.push(w.dueFrom)}`);
    if (w.dueUpTo) clauses.push(`next_verification_due <= $${params.push(w.dueUpTo)}`);
    return { where: clauses.join(' AND '), params };
  }
}
