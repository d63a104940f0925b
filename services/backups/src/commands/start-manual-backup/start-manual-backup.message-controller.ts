import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BackupsSubjects, type StartBackupResponse } from '@bleedkits/contracts';
import { StartManualBackupHandler } from './start-manual-backup.handler';

@Controller()
export class StartManualBackupMessageController {
  constructor(private readonly handler: StartManualBackupHandler) {}

  @MessagePattern(BackupsSubjects.startManual)
  handle(): Promise<StartBackupResponse> {
    return this.handler.execute();
  }
}
