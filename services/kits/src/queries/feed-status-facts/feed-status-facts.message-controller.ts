import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AmbulanceFeedSubjects, FEED_CLIENTS_MAX, type FeedKeyFacts } from '@bleedkits/contracts';

/**
 * The ambulance feed's facts for the admin status page: each key not revoked and when it last pulled (kept to the
 * minute by the feed). The rule in contracts says when a key has been silent too long.
 */
@Controller()
export class FeedStatusFactsMessageController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(AmbulanceFeedSubjects.statusFacts)
  async handle(): Promise<FeedKeyFacts> {
    const rows = (await this.dataSource.query(
      `SELECT id::text AS id, label, scope, created_at AS "createdAt", last_used_at AS "lastUsedAt"
         FROM kits.ambulance_feed_clients WHERE revoked_at IS NULL ORDER BY created_at LIMIT $1`,
      [FEED_CLIENTS_MAX],
    )) as { id: string; label: string; scope: string; createdAt: Date; lastUsedAt: Date | null }[];
    return { keys: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null })) };
  }
}
