import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export const DROPBOX_TOKEN_SETTING = 'dropbox_token';

@Injectable()
export class SettingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(name: string): Promise<string | null> {
    const rows: { value: string }[] = await this.db.query(`SELECT value FROM backups.settings WHERE name = $1`, [name]);
    return rows[0]?.value ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    await this.db.query(
      `INSERT INTO backups.settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [name, value],
    );
  }
}
