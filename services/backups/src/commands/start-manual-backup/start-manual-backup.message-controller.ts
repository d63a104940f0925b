import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type StartBackupResponse } from '@bleedkits/contracts';
import { StartManualBackupHandler } from './start-manual-backup.handler';

@Controller()
export class StartManualBackupMessageController {
  constructor(private readonly handler: StartManualBackupHandler) {}

  @MessagePattern(BackupsSubjects.startManual)
  handle(@Payload() request: { actor: Actor }): Promise<StartBackupResponse> {
    return this.handler.execute(request);
  }
}
