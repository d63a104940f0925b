import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AmbulanceFeedSubjects, type CodeDisclosedRequest, type CodeDisclosedResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { CodeDisclosedHandler } from './code-disclosed.handler';

@Controller()
export class CodeDisclosedMessageController {
  constructor(private readonly handler: CodeDisclosedHandler) {}

  @Handles(AmbulanceFeedSubjects.codeDisclosed)
  handle(@Payload() req: CodeDisclosedRequest): Promise<CodeDisclosedResponse> {
    return this.handler.execute(req);
  }
}
