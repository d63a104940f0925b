import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportsSubjects, type StagePartRequest, type StagePartResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StagePartHandler } from './stage-part.handler';

@Controller()
export class StagePartMessageController {
  constructor(private readonly handler: StagePartHandler) {}

  @Handles(ImportsSubjects.stagePart)
  handle(@Payload() req: StagePartRequest): Promise<StagePartResponse> {
    return this.handler.execute(req);
  }
}
