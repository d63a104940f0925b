import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type UpdateIfUnchangedRequest, type UpdateIfUnchangedResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { UpdateIfUnchangedHandler } from './update-if-unchanged.handler';

@Controller()
export class UpdateIfUnchangedMessageController {
  constructor(private readonly handler: UpdateIfUnchangedHandler) {}

  @Handles(KitsSubjects.updateIfUnchanged)
  handle(@Payload() req: UpdateIfUnchangedRequest): Promise<UpdateIfUnchangedResponse> {
    return this.handler.execute(req);
  }
}
