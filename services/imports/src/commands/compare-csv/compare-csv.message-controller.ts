import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CompareCsvRowsRequest, type CompareCsvRowsResponse, ImportsSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { CompareCsvHandler } from './compare-csv.handler';

@Controller()
export class CompareCsvMessageController {
  constructor(private readonly handler: CompareCsvHandler) {}

  @Handles(ImportsSubjects.compareCsvRows)
  handle(@Payload() req: CompareCsvRowsRequest): Promise<CompareCsvRowsResponse> {
    return this.handler.execute(req);
  }
}
