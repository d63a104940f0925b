import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type MatchKitsRequest, type MatchKitsResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { MatchForComparisonHandler } from './match-for-comparison.handler';

@Controller()
export class MatchForComparisonMessageController {
  constructor(private readonly handler: MatchForComparisonHandler) {}

  @Handles(KitsSubjects.matchForComparison)
  handle(@Payload() req: MatchKitsRequest): Promise<MatchKitsResponse> {
    return this.handler.execute(req);
  }
}
