import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** Parts of an upload waiting for the command that names it. Parts never claimed are purged after a day. */
@Injectable()
export class StagedUploadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Idempotent: a part sent again replaces itself; another caller can never write into someone's upload. */
  async putPart(uploadId: string, part: number, actorId: string, data: Buffer): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO imports.staged_parts (upload_id, part, actor_id, data) VALUES ($1, $2, $3, $4)
       ON CONFLICT (upload_id, part) DO UPDATE SET data = excluded.data WHERE imports.staged_parts.actor_id = excluded.actor_id
       RETURNING part`,
      [uploadId, part, actorId, data],
    );
    return rows.length > 0;
  }

  /** The whole upload, or null unless exactly parts 0..parts-1 of this caller are there. */
  async assemble(uploadId: string, parts: number, actorId: string): Promise<Buffer | null> {
    const rows: { part: number; data: Buffer; actorId: string }[] = await this.dataSource.query(
      `SELECT part, data, actor_id AS "actorId" FROM imports.staged_parts WHERE upload_id = $1 ORDER BY part`,
      [uploadId],
    );
    if (rows.length !== parts || rows.some((r, i) => r.part !== i || r.actorId !== actorId)) return null;
    return Buffer.concat(rows.map((r) => r.data));
  }

  async discard(uploadId: string, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.query(`DELETE FROM imports.staged_parts WHERE upload_id = $1`, [uploadId]);
  }

  async purgeStale(): Promise<void> {
    await this.dataSource.query(`DELETE FROM imports.staged_parts WHERE created_at < now() - interval '1 day'`);
  }
}
