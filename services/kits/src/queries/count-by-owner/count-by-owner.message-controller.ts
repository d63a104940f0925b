import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type CountByOwnerRequest, type CountByOwnerResponse, KitsSubjects } from '@bleedkits/contracts';
import { CountByOwnerHandler } from './count-by-owner.handler';

@Controller()
export class CountByOwnerMessageController {
  constructor(private readonly handler: CountByOwnerHandler) {}

  @MessagePattern(KitsSubjects.countByOwner)
  handle(@Payload() req: CountByOwnerRequest): Promise<CountByOwnerResponse> {
    return this.handler.execute(req);
  }
}
