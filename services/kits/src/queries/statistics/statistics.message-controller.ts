import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { KitsSubjects, type StatisticsResponse, type StatsResponse } from '@bleedkits/contracts';
import { StatisticsHandler } from './statistics.handler';

@Controller()
export class StatisticsMessageController {
  constructor(private readonly handler: StatisticsHandler) {}

  @MessagePattern(KitsSubjects.stats)
  stats(): Promise<StatsResponse> {
    return this.handler.stats();
  }

  @MessagePattern(KitsSubjects.statistics)
  statistics(): Promise<StatisticsResponse> {
    return this.handler.composition();
  }
}
