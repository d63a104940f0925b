import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, BackupsSubjects, type DropboxSetupRequest, type DropboxSetupResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ConfigureDropboxHandler } from './configure-dropbox.handler';

@Controller()
export class ConfigureDropboxMessageController {
  constructor(private readonly handler: ConfigureDropboxHandler) {}

  @Handles(BackupsSubjects.configureDropbox)
  handle(@Payload() request: { actor: Actor } & DropboxSetupRequest): Promise<DropboxSetupResponse> {
    return this.handler.execute(request);
  }
}
