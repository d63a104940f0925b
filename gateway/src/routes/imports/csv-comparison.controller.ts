import { Controller, Get, HttpCode, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ValidationError, validateSync } from 'class-validator';
import { parse } from 'csv-parse/sync';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import {
  COMPARISON_MAX_ROWS,
  COMPARISON_PART_ROWS,
  CSV_UPDATES_PART,
  type CompareCsvRowsResponse,
  ComparisonMessages,
  type CsvComparisonResponse,
  type CsvUpdateEntriesResponse,
  type CsvUpdateJobStatus,
  CsvUpdateMessages,
  type CurrentUser as CurrentUserType,
  ErrorCode,
  IMPORT_MAX_FILE_BYTES,
  ImportMessages,
  type Actor,
  type QueueCsvUpdatesResponse,
  decodeCsvFile,
  normaliseComparisonHeader,
  isUuid,
} from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { CsvComparisonDto, QueueCsvUpdatesDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { CurrentUser } from '../../security/guards';
import { actorOf } from '../../security/actor';
import { wirePages } from '../../paging/wire-pages';
import { MultipartUpload } from './csv-upload.interceptor';
import { uploadedCsv } from './imports.controller';

/** A staged part of approved updates stays well under NATS's 1 MB. */
const STAGE_PART_BYTES = 600_000;
/** Comparison parts asked for at once (the kits and imports contexts share the work between replicas). */
const COMPARISON_CONCURRENCY = 4;
const APPROVED_UPDATES_FILE_BYTES = 16 * 1024 * 1024;

function invalid(messages: string[]): GatewayError {
  return new GatewayError({ code: ErrorCode.ValidationFailed, message: messages.join(' '), errors: messages });
}
function checked<T extends object>(dto: T): T {
  const messagesOf = (errors: ValidationError[]): string[] =>
    errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messagesOf(e.children ?? [])]);
  const messages = messagesOf(validateSync(dto));
  if (messages.length) throw invalid(messages);
  return dto;
}

/** Plain comma-separated text as comparison rows: the spec's header rule (lower case, spaces to underscores, no quotes). */
function rowsOfText(text: string): Record<string, string>[] {
  try {
    return parse(text, {
      bom: true,
      columns: (header: string[]) => header.map(normaliseComparisonHeader),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    });
  } catch {
    throw invalid([ComparisonMessages.unparseable]);
  }
}

/**
 * Admin Tools: the CSV comparison and the queued update job. The gateway reads the upload into rows and sends them
 * to the imports context in parts (each answer carries its matched kits, so a part is kept small), then assembles
 * the spec's answer. Admin-only by path.
 */
@ApiTags('imports')
@Controller('api/admin')
export class CsvComparisonController {
  constructor(private readonly bus: NatsBus) {}

  @Post('csv-comparison')
  @HttpCode(200)
  @ApiOperation({ summary: 'Compare CSV rows with the register (serial number, then location name + postcode)' })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: CsvComparisonDto })
  @UseInterceptors(MultipartUpload({ field: 'csvFile', maxBytes: IMPORT_MAX_FILE_BYTES, tooLarge: ImportMessages.tooLarge }))
  async compare(@CurrentUser() me: CurrentUserType, @Req() req: Request): Promise<CsvComparisonResponse> {
    const rows = this.comparisonRows(req);
    if (!rows.length) throw invalid([ComparisonMessages.noRows]);
    if (rows.length > COMPARISON_MAX_ROWS) throw invalid([ComparisonMessages.tooManyRows]);
    const actor = actorOf(me);
    const parts: Record<string, unknown>[][] = [];
    for (let i = 0; i < rows.length; i += COMPARISON_PART_ROWS) parts.push(rows.slice(i, i + COMPARISON_PART_ROWS));
    const answers: CompareCsvRowsResponse[] = new Array(parts.length);
    let nextPart = 0;
    const worker = async () => {
      while (nextPart < parts.length) {
        const i = nextPart++;
        answers[i] = await this.bus.request(ImportsSubjects.compareCsvRows, { actor, rows: parts[i] }, 30_000);
      }
    };
    await Promise.all(Array.from({ length: Math.min(COMPARISON_CONCURRENCY, parts.length) }, worker));
    const matched = answers.flatMap((a) => a.matched);
    const unmatched_csv = answers.flatMap((a) => a.unmatched_csv);
    return {
      matched,
      unmatched_csv,
      summary: {
        potential_updates: matched.filter((m) => m.differences.length > 0).length,
        new_kits: unmatched_csv.length,
        matched_count: matched.length,
      },
    };
  }

  private comparisonRows(req: Request): Record<string, unknown>[] {
    if (req.file) {
      const decoded = decodeCsvFile(uploadedCsv(req).buffer);
      if (!decoded.ok) throw invalid([decoded.message]);
      return rowsOfText(decoded.text);
    }
    const dto = checked(Object.assign(new CsvComparisonDto(), req.body ?? {}));
    if (typeof dto.csvData === 'string') return rowsOfText(dto.csvData);
    if (!Array.isArray(dto.csvData) || dto.csvData.some((r: unknown) => typeof r !== 'object' || r === null || Array.isArray(r)))
      throw invalid([ComparisonMessages.noRows]);
    return dto.csvData;
  }

  @Post('queue-csv-updates')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue approved comparison updates as one background job' })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: QueueCsvUpdatesDto })
  @UseInterceptors(MultipartUpload({ field: 'approvedUpdates', maxBytes: APPROVED_UPDATES_FILE_BYTES, tooLarge: CsvUpdateMessages.tooMany }))
  async queue(@CurrentUser() me: CurrentUserType, @Req() req: Request): Promise<QueueCsvUpdatesResponse> {
    let body: unknown = req.body;
    if (req.file) {
      try {
        body = { approvedUpdates: JSON.parse(req.file.buffer.toString('utf8')) as unknown };
      } catch {
        throw invalid([CsvUpdateMessages.noUpdates]);
      }
    }
    const { approvedUpdates } = checked(Object.assign(new QueueCsvUpdatesDto(), body ?? {}));
    const actor = actorOf(me);
    const jobId = randomUUID();
    await this.stage(actor, jobId, approvedUpdates);
    return this.bus.request(ImportsSubjects.startCsvUpdates, { actor, jobId, totalUpdates: approvedUpdates.length });
  }

  /** Parts of at most CSV_UPDATES_PART updates and about STAGE_PART_BYTES of JSON. */
  private async stage(actor: Actor, jobId: string, updates: unknown[]): Promise<void> {
    let first = 0;
    while (first < updates.length) {
      let end = first;
      let bytes = 0;
      while (end < updates.length && end - first < CSV_UPDATES_PART) {
        const size = JSON.stringify(updates[end] ?? null).length;
        if (end > first && bytes + size > STAGE_PART_BYTES) break;
        if (size > STAGE_PART_BYTES) throw invalid([CsvUpdateMessages.badUpdate(end + 1, 'is too large')]);
        bytes += size;
        end++;
      }
      await this.bus.request(ImportsSubjects.stageCsvUpdates, { actor, jobId, firstPosition: first, updates: updates.slice(first, end) }, 15_000);
      first = end;
    }
  }

  @Get('queue-csv-updates')
  @ApiOperation({ summary: 'Status and progress of a queued update job' })
  status(@CurrentUser() me: CurrentUserType, @Query('jobId') jobId: string): Promise<CsvUpdateJobStatus> {
    if (!isUuid(jobId)) throw new GatewayError({ code: ErrorCode.NotFound, message: CsvUpdateMessages.jobNotFound });
    return this.bus.request(ImportsSubjects.csvUpdateStatus, { actor: actorOf(me), jobId });
  }

  @Get('csv-update-entries')
  @ApiOperation({ summary: 'Per-update entries of a queued update job' })
  async entries(@CurrentUser() me: CurrentUserType, @Query('jobId') jobId: string): Promise<CsvUpdateEntriesResponse> {
    if (!isUuid(jobId)) throw new GatewayError({ code: ErrorCode.NotFound, message: CsvUpdateMessages.jobNotFound });
    const actor = actorOf(me);
    const entries: CsvUpdateEntriesResponse['entries'] = [];
    const parts = wirePages(this.bus, ImportsSubjects.csvUpdateEntries, {
      request: (afterId: number | null) => ({ actor, jobId, afterId }),
      next: (part) => (part.hasMore ? part.next : null),
    });
    for await (const part of parts) entries.push(...part.entries);
    return { jobId, entries };
  }
}
