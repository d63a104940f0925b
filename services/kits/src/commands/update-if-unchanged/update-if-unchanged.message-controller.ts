import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type UpdateIfUnchangedRequest, type UpdateIfUnchangedResponse } from '@bleedkits/contracts';
import { UpdateIfUnchangedHandler } from './update-if-unchanged.handler';

@Controller()
export class UpdateIfUnchangedMessageController {
  constructor(private readonly handler: UpdateIfUnchangedHandler) {}

  @MessagePattern(KitsSubjects.updateIfUnchanged)
  handle(@Payload() req: UpdateIfUnchangedRequest): Promise<UpdateIfUnchangedResponse> {
    return this.handler.execute(req);
  }
}
