import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CountByOwnerRequest, type CountByOwnerResponse, KitsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { CountByOwnerHandler } from './count-by-owner.handler';

@Controller()
export class CountByOwnerMessageController {
  constructor(private readonly handler: CountByOwnerHandler) {}

  @Handles(KitsSubjects.countByOwner)
  handle(@Payload() req: CountByOwnerRequest): Promise<CountByOwnerResponse> {
    return this.handler.execute(req);
  }
}
