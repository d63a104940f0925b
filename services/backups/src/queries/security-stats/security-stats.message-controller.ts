import { Controller } from '@nestjs/common';
import { type BackupSecurityStats, BackupsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SecurityStatsHandler } from './security-stats.handler';

@Controller()
export class SecurityStatsMessageController {
  constructor(private readonly handler: SecurityStatsHandler) {}

  @Handles(BackupsSubjects.securityStats)
  handle(): Promise<BackupSecurityStats> {
    return this.handler.execute();
  }
}
