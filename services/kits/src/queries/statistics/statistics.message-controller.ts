import { Controller } from '@nestjs/common';
import { KitsSubjects, type StatisticsResponse, type StatsResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { StatisticsHandler } from './statistics.handler';

@Controller()
export class StatisticsMessageController {
  constructor(private readonly handler: StatisticsHandler) {}

  @Handles(KitsSubjects.stats)
  stats(): Promise<StatsResponse> {
    return this.handler.stats();
  }

  @Handles(KitsSubjects.statistics)
  statistics(): Promise<StatisticsResponse> {
    return this.handler.composition();
  }
}
