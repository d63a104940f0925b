import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxConnectFinishRequest, type DropboxConnectFinishResponse } from '@bleedkits/contracts';
import { FinishDropboxConnectionHandler } from './finish-dropbox-connection.handler';

@Controller()
export class FinishDropboxConnectionMessageController {
  constructor(private readonly handler: FinishDropboxConnectionHandler) {}

  @MessagePattern(BackupsSubjects.finishDropboxConnection)
  handle(@Payload() request: { actor: Actor } & DropboxConnectFinishRequest): Promise<DropboxConnectFinishResponse> {
    return this.handler.execute(request);
  }
}
