import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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

  async insert(key: string, label: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `INSERT INTO kits.manufacturers (key, label) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, label],
    );
    return rows.length > 0;
  }

  async rename(key: string, label: string): Promise<boolean> {
    const [, count] = await this.dataSource.query(`UPDATE kits.manufacturers SET label = $2 WHERE key = $1`, [key, label]);
    return count > 0;
  }

  async remove(key: string): Promise<boolean> {
    const [, count] = await this.dataSource.query(`DELETE FROM kits.manufacturers WHERE key = $1`, [key]);
    return count > 0;
  }
}
