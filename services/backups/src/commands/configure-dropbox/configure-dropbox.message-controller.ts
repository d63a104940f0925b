import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxSetupRequest, type DropboxSetupResponse } from '@bleedkits/contracts';
import { ConfigureDropboxHandler } from './configure-dropbox.handler';

@Controller()
export class ConfigureDropboxMessageController {
  constructor(private readonly handler: ConfigureDropboxHandler) {}

  @MessagePattern(BackupsSubjects.configureDropbox)
  handle(@Payload() request: { actor: Actor } & DropboxSetupRequest): Promise<DropboxSetupResponse> {
    return this.handler.execute(request);
  }
}
