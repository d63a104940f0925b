import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BackupsSubjects, type DropboxConnectRequest, type DropboxConnectResponse } from '@bleedkits/contracts';
import { ConnectDropboxHandler } from './connect-dropbox.handler';

@Controller()
export class ConnectDropboxMessageController {
  constructor(private readonly handler: ConnectDropboxHandler) {}

  @MessagePattern(BackupsSubjects.connectDropbox)
  handle(@Payload() request: DropboxConnectRequest): Promise<DropboxConnectResponse> {
    return this.handler.execute(request);
  }
}
