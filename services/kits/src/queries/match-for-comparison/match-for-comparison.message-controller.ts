import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type MatchKitsRequest, type MatchKitsResponse } from '@bleedkits/contracts';
import { MatchForComparisonHandler } from './match-for-comparison.handler';

@Controller()
export class MatchForComparisonMessageController {
  constructor(private readonly handler: MatchForComparisonHandler) {}

  @MessagePattern(KitsSubjects.matchForComparison)
  handle(@Payload() req: MatchKitsRequest): Promise<MatchKitsResponse> {
    return this.handler.execute(req);
  }
}
