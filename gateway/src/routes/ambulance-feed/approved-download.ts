import { Injectable } from '@nestjs/common';
import {
  APPROVED_KITS_CSV_HEADER,
  type AmbulanceService,
  type ApprovedDownloadLine,
  type ApprovedDownloadPartResponse,
  ApprovedDownloadSubjects,
  type ApprovedKitsDownloadResponse,
  type Actor,
  NO_NEW_APPROVED_KITS,
  approvedDownloadMessage,
  approvedKitsCsvRows,
  approvedKitsFileName,
} from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { wirePages } from '../../paging/wire-pages';

/** Lines asked for per part (the kits context also ends a part at its byte budget). */
export const DOWNLOAD_PART_LIMIT = 2000;

/**
 * POST /api/admin/download-approved-kits, put together from bounded parts: begin (the range after the watermark),
 * every part of it, one CSV per ambulance service, and only then the commit that moves the watermark. Any failure
 * on the way (a part that does not come, a service stopped mid-way) answers an error and commits nothing, so the
 * next download offers the same kits again.
 */
@Injectable()
export class ApprovedDownloadAssembler {
  constructor(private readonly bus: NatsBus) {}

  async download(actor: Actor): Promise<ApprovedKitsDownloadResponse> {
    const range = await this.bus.request(ApprovedDownloadSubjects.begin, { actor });
    const noNews: ApprovedKitsDownloadResponse = { files: [], count: 0, message: NO_NEW_APPROVED_KITS };
    if (range.toRevision <= range.fromRevision) return noNews;

    const rows = new Map<AmbulanceService, string[]>();
    let kits = 0;
    let withdrawals = 0;
    const parts = wirePages(this.bus, ApprovedDownloadSubjects.part, {
      request: (after: ApprovedDownloadPartResponse['last']) => ({
        actor,
        fromRevision: range.fromRevision,
        toRevision: range.toRevision,
        after,
        limit: DOWNLOAD_PART_LIMIT,
      }),
      next: (part) => (part.exhausted ? null : part.last),
    });
    for await (const part of parts) {
      const byService = new Map<AmbulanceService, ApprovedDownloadLine[]>();
      for (const line of part.lines) {
        if ('kit' in line) kits++;
        else withdrawals++;
        byService.set(line.service, [...(byService.get(line.service) ?? []), line]);
      }
      // Each part becomes CSV text at once, so the gateway never holds the whole download as objects.
      for (const [service, lines] of byService) rows.set(service, [...(rows.get(service) ?? []), approvedKitsCsvRows(lines)]);
    }
    if (kits + withdrawals === 0) return noNews;

    const from = new Date(range.fromDate);
    const to = new Date(range.toDate);
    const files = [...rows.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([service, chunks]) => ({ filename: approvedKitsFileName(service, from, to), content: APPROVED_KITS_CSV_HEADER + chunks.join('') }));
    // Every file exists in full: now, and only now, the watermark may move.
    await this.bus.request(ApprovedDownloadSubjects.commit, {
      actor,
      fromRevision: range.fromRevision,
      toRevision: range.toRevision,
      kitCount: kits,
      withdrawalCount: withdrawals,
      downloadedAt: range.toDate,
    });
    return { files, count: kits + withdrawals, message: approvedDownloadMessage(kits, withdrawals, files.length) };
  }
}
