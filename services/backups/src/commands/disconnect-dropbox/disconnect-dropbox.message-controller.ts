import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BackupsSubjects, type DropboxDisconnectResponse } from '@bleedkits/contracts';
import { DisconnectDropboxHandler } from './disconnect-dropbox.handler';

@Controller()
export class DisconnectDropboxMessageController {
  constructor(private readonly handler: DisconnectDropboxHandler) {}

  @MessagePattern(BackupsSubjects.disconnectDropbox)
  handle(): Promise<DropboxDisconnectResponse> {
    return this.handler.execute();
  }
}
