import { Controller, Get, Headers, HttpStatus, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import {
  type CurrentUser as CurrentUserType,
  ErrorCode,
  IMPORT_ERRORS_PART_ROWS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_TEMPLATE_FILE_NAME,
  type ImportCompleted,
  type ImportErrorsPart,
  type ImportJobView,
  ImportMessages,
  ImportsSubjects,
  type Actor,
  UPLOAD_PART_BYTES,
  importTemplateCsv,
} from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { GatewayError } from '../../errors/http-error.filter';
import { ClientRateLimited } from '../../security/client-rate-limit.guard';
import { CurrentUser, OwnerUsableAdminPath, SignedIn } from '../../security/guards';
import { actorOf } from '../kits/actor';
import { MultipartUpload } from './csv-upload.interceptor';

/**
 * How long POST .../import waits for its job before answering 202 with the job's progress instead: well inside
 * the 60 s a proxy commonly allows an idle request, so a 5 MB file never meets a proxy timeout.
 */
export const IMPORT_SYNC_WAIT_MS = 20_000;
const POLL_MS = 250;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  @ApiProduces('text/csv')
  template(@Res() res: Response): void {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`);
    // A byte-order mark, so spreadsheet programs open the file as UTF-8.
    res.send(`\uFEFF${importTemplateCsv()}`);
  }

  /**
   * Under the admin path but used by every signed-in user from the dashboard: kits go into the caller's own
   * account (an admin may name another with `userId`). Answers the spec's {total, created, errors} when the job
   * finishes within IMPORT_SYNC_WAIT_MS, else (or with `Prefer: respond-async`) 202 with the job to poll.
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
          errors: await this.errorsOf(actor, view.jobId),
        };
        res.status(HttpStatus.OK).json(result);
        return;
      }
    }
    res.status(HttpStatus.ACCEPTED).setHeader('Location', `/api/imports/${view.jobId}`).json(view);
  }

  /** The job's real progress; once completed, the whole errors map (assembled from bounded parts). */
  @Get('api/imports/:jobId')
  @SignedIn()
  @ApiOperation({ summary: 'Progress of a CSV import; the spec result (errors by row) once completed' })
  @ApiOkResponse({ description: 'ImportJobView' })
  async status(@CurrentUser() me: CurrentUserType, @Param('jobId') jobId: string): Promise<ImportJobView> {
    if (!JOB_ID.test(jobId)) throw new GatewayError({ code: ErrorCode.NotFound, message: ImportMessages.jobNotFound });
    const actor = actorOf(me);
    const view = await this.bus.request(ImportsSubjects.importStatus, { actor, jobId });
    return view.status === 'completed' ? { ...view, errors: await this.errorsOf(actor, jobId) } : view;
  }

  private async errorsOf(actor: Actor, jobId: string): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    let afterRow: number | null = null;
    for (;;) {
      const part: ImportErrorsPart = await this.bus.request(ImportsSubjects.importErrors, {
        actor,
        jobId,
        afterRow,
        limit: IMPORT_ERRORS_PART_ROWS,
      });
      for (const [row, messages] of part.errors) errors[String(row)] = messages;
      if (!part.hasMore) return errors;
      afterRow = part.next;
    }
  }
}
