import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxDisconnectResponse } from '@bleedkits/contracts';
import { DisconnectDropboxHandler } from './disconnect-dropbox.handler';

@Controller()
export class DisconnectDropboxMessageController {
  constructor(private readonly handler: DisconnectDropboxHandler) {}

  @MessagePattern(BackupsSubjects.disconnectDropbox)
  handle(@Payload() request: { actor: Actor }): Promise<DropboxDisconnectResponse> {
    return this.handler.execute(request);
  }
}
