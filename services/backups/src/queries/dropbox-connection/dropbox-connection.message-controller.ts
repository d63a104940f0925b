import { Controller } from '@nestjs/common';
import { BackupsSubjects, type DropboxConnection } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { DropboxAccess } from '../../dropbox-access';

/** The connection as /admin/backups shows it: kind, account, health, the last copy and the last error. */
@Controller()
export class DropboxConnectionMessageController {
  constructor(private readonly dropbox: DropboxAccess) {}

  @Handles(BackupsSubjects.dropboxConnection)
  handle(): Promise<DropboxConnection> {
    return this.dropbox.view();
  }
}
