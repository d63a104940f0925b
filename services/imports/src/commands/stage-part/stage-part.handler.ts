import { Injectable } from '@nestjs/common';
import { IMPORT_MAX_FILE_BYTES, type StagePartRequest, type StagePartResponse, UPLOAD_PART_BYTES, isUuid } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { StagedUploadRepository } from '../../database/staged-upload.repository';

export const MAX_PARTS = Math.ceil(IMPORT_MAX_FILE_BYTES / UPLOAD_PART_BYTES) + 1;

/** imports.cmd.stage-part.v1: one part of an upload, kept until the command that names the upload. */
@Injectable()
export class StagePartHandler {
  constructor(private readonly staged: StagedUploadRepository) {}

  @Handles(ImportsSubjects.stagePart)
  async execute(req: StagePartRequest): Promise<StagePartResponse> {
    if (!req?.actor?.id) throw ServiceError.unauthenticated('Not signed in');
    if (!isUuid(req.uploadId)) throw ServiceError.validation(['uploadId must be a UUID']);
    if (!Number.isInteger(req.part) || req.part < 0 || req.part >= MAX_PARTS) throw ServiceError.validation([`part must be 0..${MAX_PARTS - 1}`]);
    const data = Buffer.from(String(req.data ?? ''), 'base64');
    if (data.length > UPLOAD_PART_BYTES) throw ServiceError.validation([`A part carries at most ${UPLOAD_PART_BYTES} bytes`]);
    if (!(await this.staged.putPart(req.uploadId, req.part, req.actor.id, data))) throw ServiceError.conflict('This upload belongs to someone else.');
    return { uploadId: req.uploadId, part: req.part, bytes: data.length };
  }
}
