import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ImportsSubjects, type StagePartRequest, type StagePartResponse } from '@bleedkits/contracts';
import { StagePartHandler } from './stage-part.handler';

@Controller()
export class StagePartMessageController {
  constructor(private readonly handler: StagePartHandler) {}

  @MessagePattern(ImportsSubjects.stagePart)
  handle(@Payload() req: StagePartRequest): Promise<StagePartResponse> {
    return this.handler.execute(req);
  }
}
