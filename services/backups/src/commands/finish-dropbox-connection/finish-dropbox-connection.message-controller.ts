import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxConnectFinishRequest, type DropboxConnectFinishResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { FinishDropboxConnectionHandler } from './finish-dropbox-connection.handler';

@Controller()
export class FinishDropboxConnectionMessageController {
  constructor(private readonly handler: FinishDropboxConnectionHandler) {}

  @Handles(BackupsSubjects.finishDropboxConnection)
  handle(@Payload() request: { actor: Actor } & DropboxConnectFinishRequest): Promise<DropboxConnectFinishResponse> {
    return this.handler.execute(request);
  }
}
