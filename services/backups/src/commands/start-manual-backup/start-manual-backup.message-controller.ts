import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type StartBackupResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StartManualBackupHandler } from './start-manual-backup.handler';

@Controller()
export class StartManualBackupMessageController {
  constructor(private readonly handler: StartManualBackupHandler) {}

  @Handles(BackupsSubjects.startManual)
  handle(@Payload() request: { actor: Actor }): Promise<StartBackupResponse> {
    return this.handler.execute(request);
  }
}
