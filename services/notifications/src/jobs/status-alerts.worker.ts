import { Processor } from '@nestjs/bullmq';
import { QueueNames } from '@bleedkits/contracts';
import { type QueueJob, QueueWorker } from '@bleedkits/platform';
import { SendStatusAlertsHandler } from '../commands/send-status-alerts/send-status-alerts.handler';
import { statusAlertsWorkerOptions } from '../config/env';

/** Runs the status check at each tick of its scheduler (one job per tick across replicas; idempotent). */
@Processor(QueueNames.statusAlerts, statusAlertsWorkerOptions())
export class StatusAlertsWorker extends QueueWorker<typeof QueueNames.statusAlerts> {
  constructor(private readonly alerts: SendStatusAlertsHandler) {
    super();
  }

  handle(_job: QueueJob<typeof QueueNames.statusAlerts>): Promise<unknown> {
    return this.alerts.execute();
  }
}
