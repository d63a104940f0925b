import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type IdempotencyCommand = 'register-batch' | 'update-if-unchanged';
export type RememberedResult = { key: string; kitId: number; revision: number };

/**
 * The first result of each keyed command (kits.idempotency_keys, key unique). Read and written inside the revision
 * lock's transaction, so two attempts with one key can never both act.
 */
@Injectable()
export class IdempotencyKeyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(keys: readonly string[], m: EntityManager = this.dataSource.manager): Promise<Map<string, RememberedResult>> {
    if (!keys.length) return new Map();
    const rows: { key: string; kitId: number; revision: string }[] = await m.query(
      `SELECT key, kit_id::int AS "kitId", revision::bigint AS revision FROM kits.idempotency_keys WHERE key = ANY($1)`,
      [keys],
    );
    return new Map(rows.map((r) => [r.key, { key: r.key, kitId: r.kitId, revision: Number(r.revision) }]));
  }

  async remember(m: EntityManager, command: IdempotencyCommand, result: RememberedResult): Promise<void> {
    await m.query(`INSERT INTO kits.idempotency_keys (key, kit_id, command, revision) VALUES ($1, $2, $3, $4)`, [
      result.key,
      result.kitId,
      command,
      result.revision,
    ]);
  }
}

/** Keys are the caller's names for a side effect (e.g. `import:<job>:<row>`): short printable text. */
export function isIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= 200 && /^[\x21-\x7e]+$/.test(key);
}
