import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AmbulanceFeedSubjects, type FeedKeyFacts } from '@bleedkits/contracts';
import { FeedStatusFactsHandler } from './feed-status-facts.handler';

@Controller()
export class FeedStatusFactsMessageController {
  constructor(private readonly handler: FeedStatusFactsHandler) {}

  @MessagePattern(AmbulanceFeedSubjects.statusFacts)
  handle(): Promise<FeedKeyFacts> {
    return this.handler.execute();
  }
}
