import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type BackupListRequest, type BackupPage, BackupsSubjects } from '@bleedkits/contracts';
import { ListBackupsHandler } from './list-backups.handler';

@Controller()
export class ListBackupsMessageController {
  constructor(private readonly handler: ListBackupsHandler) {}

  @MessagePattern(BackupsSubjects.list)
  handle(@Payload() request: Partial<BackupListRequest>): Promise<BackupPage> {
    return this.handler.execute(request);
  }
}
