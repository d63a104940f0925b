import { Controller } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { Queue } from 'bullmq';
import {
  CsvUpdateMessages,
  type CsvUpdatesJobPayload,
  ImportsSubjects,
  QueueNames,
  type QueueCsvUpdatesResponse,
  type StartCsvUpdatesRequest,
  isUuid,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { CsvUpdateRepository } from '../../database/csv-update.repository';

/** imports.cmd.start-csv-updates.v1 (admins): every part is staged; the job is queued (again, harmlessly, if asked twice). */
@Controller()
export class StartCsvUpdatesMessageController {
  constructor(
    private readonly updates: CsvUpdateRepository,
    @InjectQueue(QueueNames.csvUpdates) private readonly queue: Queue<CsvUpdatesJobPayload>,
  ) {}

  @MessagePattern(ImportsSubjects.startCsvUpdates)
  async handle(@Payload() req: StartCsvUpdatesRequest): Promise<QueueCsvUpdatesResponse> {
    if (req?.actor?.role !== 'admin') throw ServiceError.forbidden('Admin access is required.');
    if (!isUuid(req.jobId)) throw ServiceError.validation(['jobId must be a UUID']);
    const job = await this.updates.seal(req.jobId, req.actor, Number(req.totalUpdates));
    if (job === null) throw ServiceError.notFound(CsvUpdateMessages.jobNotFound);
    if (job === 'incomplete') throw ServiceError.validation([CsvUpdateMessages.countMismatch]);
    await this.queue.add('apply', { jobId: job.id }, { jobId: job.id });
    return { jobId: job.id, totalUpdates: job.total };
  }
}
