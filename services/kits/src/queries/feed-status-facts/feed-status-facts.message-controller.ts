import { Controller } from '@nestjs/common';
import { AmbulanceFeedSubjects, type FeedKeyFacts } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { FeedStatusFactsHandler } from './feed-status-facts.handler';

@Controller()
export class FeedStatusFactsMessageController {
  constructor(private readonly handler: FeedStatusFactsHandler) {}

  @Handles(AmbulanceFeedSubjects.statusFacts)
  handle(): Promise<FeedKeyFacts> {
    return this.handler.execute();
  }
}
