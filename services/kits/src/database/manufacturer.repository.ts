import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ManufacturerRow } from '@bleedkits/contracts';

/** The manufacturer list. Changing it never rewrites kits: a removed make stays valid on the kits that use it. */
@Injectable()
export class ManufacturerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The keys a kit's make may take right now. */
  async keys(): Promise<Set<string>> {
    const rows: { key: string }[] = await this.dataSource.query(`SELECT key FROM kits.manufacturers`);
    return new Set(rows.map((r) => r.key));
  }

  async listWithCounts(): Promise<ManufacturerRow[]> {
    return this.dataSource.query(
      `SELECT m.key AS value, m.label, count(k.id)::int AS "kitCount"
         FROM kits.manufacturers m LEFT JOIN kits.kits k ON k.make = m.key
        GROUP BY m.key, m.label ORDER BY m.key = 'other', m.label`,
    );
  }

  /** Each change calls `alsoRecord` in its own transaction, only if it happened (the audit entry of the change). */
  async insert(key: string, label: string, alsoRecord?: (m: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `INSERT INTO kits.manufacturers (key, label) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key, label],
      );
      if (rows.length > 0) await alsoRecord?.(m);
      return rows.length > 0;
    });
  }

  /** `alsoRecord` is given the label it had. */
  async rename(key: string, label: string, alsoRecord?: (m: EntityManager, was: string) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const rows: { label: string }[] = await m.query(`SELECT label FROM kits.manufacturers WHERE key = $1 FOR UPDATE`, [key]);
      if (rows.length === 0) return false;
      await m.query(`UPDATE kits.manufacturers SET label = $2 WHERE key = $1`, [key, label]);
      await alsoRecord?.(m, rows[0].label);
      return true;
    });
  }

  /** `alsoRecord` is given the label it had. */
  async remove(key: string, alsoRecord?: (m: EntityManager, was: string) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [rows]: [{ label: string }[], number] = await m.query(`DELETE FROM kits.manufacturers WHERE key = $1 RETURNING label`, [key]);
      if (rows.length === 0) return false;
      await alsoRecord?.(m, rows[0].label);
      return true;
    });
  }
}
