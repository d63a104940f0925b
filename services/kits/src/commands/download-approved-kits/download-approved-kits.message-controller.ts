import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type ApprovedDownloadBeginResponse,
  type ApprovedDownloadCommitRequest,
  type ApprovedDownloadPartRequest,
  ApprovedDownloadSubjects,
  type Actor,
  type LastDownloadResponse,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles, type PreSerialisedJson } from '@bleedkits/platform';
import { DownloadApprovedKitsHandler } from './download-approved-kits.handler';

/** The approved-kits download in three steps (begin, parts, commit) so no answer depends on the register's size. */
@Controller()
export class DownloadApprovedKitsMessageController {
  constructor(private readonly handler: DownloadApprovedKitsHandler) {}

  @Handles(KitsSubjects.lastApprovedDownload)
  last(@Payload() req: { actor: Actor }): Promise<LastDownloadResponse> {
    return this.handler.last(req?.actor);
  }

  @Handles(ApprovedDownloadSubjects.begin)
  begin(@Payload() req: { actor: Actor }): Promise<ApprovedDownloadBeginResponse> {
    return this.handler.begin(req?.actor);
  }

  @Handles(ApprovedDownloadSubjects.part)
  part(@Payload() req: ApprovedDownloadPartRequest & { actor: Actor }): Promise<PreSerialisedJson> {
    return this.handler.part(req?.actor, req);
  }

  @Handles(ApprovedDownloadSubjects.commit)
  commit(@Payload() req: ApprovedDownloadCommitRequest & { actor: Actor }): Promise<LastDownloadResponse> {
    return this.handler.commit(req?.actor, req);
  }
}
