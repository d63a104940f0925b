import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BackupsSubjects, type DropboxConnectRequest, type DropboxConnectResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ConnectDropboxHandler } from './connect-dropbox.handler';

@Controller()
export class ConnectDropboxMessageController {
  constructor(private readonly handler: ConnectDropboxHandler) {}

  @Handles(BackupsSubjects.connectDropbox)
  handle(@Payload() request: DropboxConnectRequest): Promise<DropboxConnectResponse> {
    return this.handler.execute(request);
  }
}
