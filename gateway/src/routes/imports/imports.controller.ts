import { Controller, Get, Headers, HttpStatus, Param, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import {
  type CurrentUser as CurrentUserType,
  type CsvColumn,
  ErrorCode,
  IMPORT_ERRORS_PAGE_MAX,
  IMPORT_ERRORS_PART_ROWS,
  IMPORT_ERRORS_SHOWN,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_TEMPLATE_FILE_NAME,
  type ImportCompleted,
  type ImportErrorsPart,
  type ImportJobView,
  ImportMessages,
  type Actor,
  UPLOAD_PART_BYTES,
  importErrorsCsvPath,
  importTemplateCsv,
  toCsv,
  isUuid,
} from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { drained } from '../../paging/list-parts';
import { wirePages } from '../../paging/wire-pages';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';
import { CurrentUser, OwnerUsableAdminPath, SignedIn } from '../../security/guards';
import { actorOf } from '../../security/actor';
import { MultipartUpload } from './csv-upload.interceptor';
import { Answers, AnswersText } from '../../openapi/answers.decorator';

/**
 * How long POST .../import waits for its job before answering 202 with the job's progress instead: well inside
 * the 60 s a proxy commonly allows an idle request, so a 5 MB file never meets a proxy timeout.
 */
export const IMPORT_SYNC_WAIT_MS = 20_000;
const POLL_MS = 250;

/** The full errors download: one line per message, so a spreadsheet can filter by row or by message. */
type ErrorLine = { row: number; message: string };
const ERROR_LINE_COLUMNS: readonly CsvColumn<ErrorLine>[] = [
  { header: 'Row', value: (l) => l.row },
  { header: 'Message', value: (l) => l.message },
];
const ERROR_LINES_HEADER = toCsv<ErrorLine>([], ERROR_LINE_COLUMNS);

function jobIdOf(jobId: string): string {
  if (!isUuid(jobId)) throw new GatewayError({ code: ErrorCode.NotFound, message: ImportMessages.jobNotFound });
  return jobId;
}

/** A non-negative whole number from the query string, or `fallback` when absent. */
function wholeNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value))
    throw new GatewayError({ code: ErrorCode.ValidationFailed, message: ImportMessages.errorsPage, errors: [ImportMessages.errorsPage] });
  return Number(value);
}

/** Sends a file to the imports context in parts (NATS carries at most 1 MB a message) and returns the upload id. */
export async function stageUpload(bus: NatsBus, actor: Actor, bytes: Buffer): Promise<{ uploadId: string; parts: number }> {
  const uploadId = randomUUID();
  const parts = Math.max(1, Math.ceil(bytes.length / UPLOAD_PART_BYTES));
  for (let part = 0; part < parts; part++) {
    const data = bytes.subarray(part * UPLOAD_PART_BYTES, (part + 1) * UPLOAD_PART_BYTES).toString('base64');
    await bus.request(ImportsSubjects.stagePart, { actor, uploadId, part, data }, 15_000);
  }
  return { uploadId, parts };
}

/** The uploaded CSV file of a multipart request, with the spec's file checks (the browser makes them too). */
export function uploadedCsv(req: Request): Express.Multer.File {
  const file = req.file;
  if (!file) throw new GatewayError({ code: ErrorCode.ValidationFailed, message: ImportMessages.noFile, errors: [ImportMessages.noFile] });
  if (!/\.csv$/i.test(file.originalname))
    throw new GatewayError({ code: ErrorCode.ValidationFailed, message: ImportMessages.notCsv, errors: [ImportMessages.notCsv] });
  return file;
}

/** Bulk registration by CSV: the template, the import (a queued job) and its progress. */
@ApiTags('imports')
@Controller()
export class ImportsController {
  constructor(private readonly bus: NatsBus) {}

  @Get('api/bleed-kits/template')
  @ApiOperation({ summary: 'The CSV template: every registration column (spec field names) and one example row' })
  @AnswersText('text/csv; charset=utf-8', 'the template, as an attachment')
  template(@Res() res: Response): void {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`);
    // A byte-order mark, so spreadsheet programs open the file as UTF-8.
    res.send(`\uFEFF${importTemplateCsv()}`);
  }

  /**
   * Under the admin path but used by every signed-in user from the dashboard: kits go into the caller's own
   * account (an admin may name another with `userId`). Answers the spec's {total, created, errors} when the job
   * finishes within IMPORT_SYNC_WAIT_MS, else (or with `Prefer: respond-async`) 202 with the job to poll. `errors`
   * lists the first IMPORT_ERRORS_SHOWN refused rows; `errorCount` counts them all and `errorsCsv` downloads them.
   */
  @Post('api/admin/bleed-kits/import')
  @OwnerUsableAdminPath()
  @ClientRateLimited()
  @ApiOperation({ summary: 'Import kits from a CSV file (multipart field csvFile, at most 5 MB)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['csvFile'], properties: { csvFile: { type: 'string', format: 'binary' }, userId: { type: 'string' } } },
  })
  @UseInterceptors(MultipartUpload({ field: 'csvFile', maxBytes: IMPORT_MAX_FILE_BYTES, tooLarge: ImportMessages.tooLarge }))
  @ApiResponse({ status: 200, description: 'the import finished within IMPORT_SYNC_WAIT_MS: the result' })
  @Answers<ImportCompleted>(200)
  @ApiResponse({
    status: 202,
    description: 'still running (or Prefer: respond-async): the job to poll at Location',
    headers: { Location: { description: 'the job, /api/imports/{jobId}', schema: { type: 'string' } } },
  })
  @Answers<ImportJobView>(202)
  async import(@CurrentUser() me: CurrentUserType, @Req() req: Request, @Res() res: Response, @Headers('prefer') prefer?: string): Promise<void> {
    const file = uploadedCsv(req);
    const actor = actorOf(me);
    const ownerId = typeof req.body?.userId === 'string' && req.body.userId.trim() ? req.body.userId.trim().slice(0, 64) : null;
    if (ownerId && ownerId !== me.id && me.role !== 'admin') {
      throw new GatewayError({ code: ErrorCode.Forbidden, message: ImportMessages.otherAccount });
    }
    const { uploadId, parts } = await stageUpload(this.bus, actor, file.buffer);
    let view = await this.bus.request(ImportsSubjects.startImport, { actor, uploadId, parts, fileName: file.originalname, ownerId }, 30_000);
    if (!/respond-async/i.test(prefer ?? '')) {
      const deadline = Date.now() + IMPORT_SYNC_WAIT_MS;
      while (view.status !== 'completed' && view.status !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        view = await this.bus.request(ImportsSubjects.importStatus, { actor, jobId: view.jobId });
      }
      if (view.status === 'completed') {
        const result: ImportCompleted = {
          jobId: view.jobId,
          status: 'completed',
          total: view.total,
          created: view.created,
          errors: await this.firstErrors(actor, view.jobId),
          errorCount: view.failed,
          errorsCsv: importErrorsCsvPath(view.jobId),
        };
        res.status(HttpStatus.OK).json(result);
        return;
      }
    }
    res.status(HttpStatus.ACCEPTED).setHeader('Location', `/api/imports/${view.jobId}`).json(view);
  }

  /** The job's real progress; once completed, the first refused rows (`failed` counts them all) and the download. */
  @Get('api/imports/:jobId')
  @SignedIn()
  @ApiOperation({ summary: 'Progress of a CSV import; once completed, the first 100 refused rows, their count (failed) and the CSV of all' })
  @ApiOkResponse({ description: 'ImportJobView' })
  async status(@CurrentUser() me: CurrentUserType, @Param('jobId') jobId: string): Promise<ImportJobView> {
    const actor = actorOf(me);
    const view = await this.bus.request(ImportsSubjects.importStatus, { actor, jobId: jobIdOf(jobId) });
    return view.status === 'completed' ? { ...view, errors: await this.firstErrors(actor, jobId), errorsCsv: importErrorsCsvPath(jobId) } : view;
  }

  /** The job's report read a page at a time (the outcomes are stored once, by row). */
  @Get('api/imports/:jobId/errors')
  @SignedIn()
  @ApiOperation({ summary: 'One page of an import’s refused rows, in row order: [row, messages] pairs; ask again with afterRow = next' })
  @ApiQuery({ name: 'afterRow', required: false, description: 'the last row of the previous page (0 or absent: from the start)' })
  @ApiQuery({ name: 'limit', required: false, description: `rows per page, at most ${IMPORT_ERRORS_PAGE_MAX} (default ${IMPORT_ERRORS_SHOWN})` })
  @ApiOkResponse({ description: 'ImportErrorsPart' })
  async errorsPage(
    @CurrentUser() me: CurrentUserType,
    @Param('jobId') jobId: string,
    @Query('afterRow') afterRow?: string,
    @Query('limit') limit?: string,
  ): Promise<ImportErrorsPart> {
    const rows = Math.min(Math.max(wholeNumber(limit, IMPORT_ERRORS_SHOWN), 1), IMPORT_ERRORS_PAGE_MAX);
    return this.bus.request(ImportsSubjects.importErrors, {
      actor: actorOf(me),
      jobId: jobIdOf(jobId),
      afterRow: wholeNumber(afterRow, 0),
      limit: rows,
    });
  }

  /**
   * Every refused row as CSV (Row, Message), streamed part by part: the gateway holds one part at a time whatever
   * the file's size. The first part is read before anything is sent, so an unknown job still answers 404.
   */
  @Get('api/imports/:jobId/errors.csv')
  @SignedIn()
  @ApiOperation({ summary: 'All of an import’s refused rows as CSV (one line per message)' })
  @AnswersText('text/csv; charset=utf-8', 'Row, Message: one line per message, as an attachment')
  async errorsCsv(@CurrentUser() me: CurrentUserType, @Param('jobId') jobId: string, @Res() res: Response): Promise<void> {
    const actor = actorOf(me);
    const parts = wirePages(this.bus, ImportsSubjects.importErrors, {
      request: (afterRow: number | null) => ({ actor, jobId: jobIdOf(jobId), afterRow, limit: IMPORT_ERRORS_PART_ROWS }),
      next: (part) => (part.hasMore ? part.next : null),
    });
    const first = await parts.next();
    res.status(HttpStatus.OK);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="import-errors-${jobId}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    // A byte-order mark, so spreadsheet programs open the file as UTF-8.
    res.write(`\uFEFF${ERROR_LINES_HEADER}`);
    try {
      for (let part = first; !part.done; part = await parts.next()) {
        const lines = part.value.errors.flatMap(([row, messages]) => messages.map((message) => ({ row, message })));
        if (lines.length && !res.write(toCsv(lines, ERROR_LINE_COLUMNS).slice(ERROR_LINES_HEADER.length))) await drained(res);
        // The client went away: stop asking for parts nobody will read.
        if (res.destroyed) return void (await parts.return(undefined));
      }
    } catch (error) {
      res.destroy(error as Error);
      return;
    }
    res.end();
  }

  /** The first IMPORT_ERRORS_SHOWN refused rows, by row number: one bounded part, never the whole report. */
  private async firstErrors(actor: Actor, jobId: string): Promise<Record<string, string[]>> {
    const part = await this.bus.request(ImportsSubjects.importErrors, { actor, jobId, afterRow: null, limit: IMPORT_ERRORS_SHOWN });
    return Object.fromEntries(part.errors.map(([row, messages]) => [String(row), messages]));
  }
}
