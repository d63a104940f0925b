import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type BackupSecurityStats, BackupsSubjects } from '@bleedkits/contracts';
import { SecurityStatsHandler } from './security-stats.handler';

@Controller()
export class SecurityStatsMessageController {
  constructor(private readonly handler: SecurityStatsHandler) {}

  @MessagePattern(BackupsSubjects.securityStats)
  handle(): Promise<BackupSecurityStats> {
    return this.handler.execute();
  }
}
