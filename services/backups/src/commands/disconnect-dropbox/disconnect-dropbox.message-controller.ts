import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxDisconnectResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { DisconnectDropboxHandler } from './disconnect-dropbox.handler';

@Controller()
export class DisconnectDropboxMessageController {
  constructor(private readonly handler: DisconnectDropboxHandler) {}

  @Handles(BackupsSubjects.disconnectDropbox)
  handle(@Payload() request: { actor: Actor }): Promise<DropboxDisconnectResponse> {
    return this.handler.execute(request);
  }
}
