import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { type AmbulanceService, type ApprovedKitsDownloadResponse, type KitActor, KitsSubjects, type LastDownloadResponse, NEVER_DOWNLOADED_SENTINEL, NO_NEW_APPROVED_KITS } from '@bleedkits/contracts';
import { assertAdmin } from '../../domain/admin-only';
import type { KitState } from '../../domain/kit-state';
import { KitRepository } from '../../database/kit.repository';
import { approvedKitsCsv, approvedKitsFileName } from './approved-kits-csv';

/**
 * Ambulance-service downloads: one CSV per service with the active kits approved or changed since the last
 * download. Taken under the revision lock, so a kit committed during a download lands in the next one.
 * Kits hidden from the public map are included: they are hidden from the public, not from emergency services.
 */
@Controller()
export class DownloadApprovedKitsMessageController {
  constructor(private readonly kits: KitRepository, @InjectDataSource() private readonly dataSource: DataSource) {}

  private async lastDownload(): Promise<{ downloadedAt: Date; toRevision: number } | null> {
    const [row] = await this.dataSource.query(`SELECT downloaded_at AS "downloadedAt", to_revision AS "toRevision" FROM kits.approved_kit_downloads ORDER BY id DESC LIMIT 1`);
    return row ? { downloadedAt: new Date(row.downloadedAt), toRevision: Number(row.toRevision) } : null;
  }

  @MessagePattern(KitsSubjects.lastApprovedDownload)
  async last(@Payload() req: { actor: KitActor }): Promise<LastDownloadResponse> {
    assertAdmin(req?.actor);
    return { lastDownloadDate: (await this.lastDownload())?.downloadedAt.toISOString() ?? NEVER_DOWNLOADED_SENTINEL };
  }

  @MessagePattern(KitsSubjects.downloadApproved)
  async download(@Payload() req: { actor: KitActor }): Promise<ApprovedKitsDownloadResponse> {
    assertAdmin(req?.actor);
    const { result } = await this.kits.write(async (m) => {
      const previous = await this.lastDownload();
      const fromRevision = previous?.toRevision ?? 0;
      const toRevision = await this.kits.currentRevision(m);
      const kits = await this.kits.activeBetween(fromRevision, toRevision);
      const now = new Date();
      if (kits.length) {
        await m.query(`INSERT INTO kits.approved_kit_downloads (from_revision, to_revision, kit_count, downloaded_by, downloaded_at) VALUES ($1, $2, $3, $4, $5)`, [
          fromRevision,
          toRevision,
          kits.length,
          req.actor.id,
          now,
        ]);
      }
      return { kits, from: previous?.downloadedAt ?? new Date(NEVER_DOWNLOADED_SENTINEL), now };
    });
    if (!result.kits.length) return { files: [], count: 0, message: NO_NEW_APPROVED_KITS };
    const byService = new Map<AmbulanceService, KitState[]>();
    for (const k of result.kits) byService.set(k.ambulanceService, [...(byService.get(k.ambulanceService) ?? []), k]);
    const files = [...byService.entries()].map(([service, kits]) => ({ filename: approvedKitsFileName(service, result.from, result.now), content: approvedKitsCsv(kits) }));
    return { files, count: result.kits.length, message: `${result.kits.length} approved kits in ${files.length} files` };
  }
}
