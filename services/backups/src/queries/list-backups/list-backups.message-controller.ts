import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type BackupListRequest, type BackupPage, BackupsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ListBackupsHandler } from './list-backups.handler';

@Controller()
export class ListBackupsMessageController {
  constructor(private readonly handler: ListBackupsHandler) {}

  @Handles(BackupsSubjects.list)
  handle(@Payload() request: Partial<BackupListRequest>): Promise<BackupPage> {
    return this.handler.execute(request);
  }
}
