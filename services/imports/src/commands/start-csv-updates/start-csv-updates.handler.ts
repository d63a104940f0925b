import { Injectable } from '@nestjs/common';
import { CsvUpdateMessages, QueueNames, type QueueCsvUpdatesResponse, type StartCsvUpdatesRequest, isUuid, assertAdmin } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { InjectTypedQueue, ServiceError, type TypedQueue, Handles } from '@bleedkits/platform';
import { CsvUpdateRepository } from '../../database/csv-update.repository';

/** imports.cmd.start-csv-updates.v1 (admins): every part is staged; the job is queued (again, harmlessly, if asked twice). */
@Injectable()
export class StartCsvUpdatesHandler {
  constructor(
    private readonly updates: CsvUpdateRepository,
    @InjectTypedQueue(QueueNames.csvUpdates) private readonly queue: TypedQueue<typeof QueueNames.csvUpdates>,
  ) {}

  @Handles(ImportsSubjects.startCsvUpdates)
  async execute(req: StartCsvUpdatesRequest): Promise<QueueCsvUpdatesResponse> {
    assertAdmin(req?.actor);
    if (!isUuid(req.jobId)) throw ServiceError.validation(['jobId must be a UUID']);
    const job = await this.updates.seal(req.jobId, req.actor, Number(req.totalUpdates));
    if (job === null) throw ServiceError.notFound(CsvUpdateMessages.jobNotFound);
    if (job === 'incomplete') throw ServiceError.validation([CsvUpdateMessages.countMismatch]);
    // BullMQ takes one job per id: queuing a sealed job again (a retried start) adds nothing.
    await this.queue.add('apply', { jobId: job.id }, { jobId: job.id });
    return { jobId: job.id, totalUpdates: job.total };
  }
}
