import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type PublicKit, type ViewportQuery } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SqlViewportBaselineHandler } from './sql-viewport-baseline.handler';

@Controller()
export class SqlViewportBaselineMessageController {
  constructor(private readonly handler: SqlViewportBaselineHandler) {}

  @Handles(KitsSubjects.sqlViewportBaseline)
  handle(@Payload() q: ViewportQuery): Promise<PublicKit[]> {
    return this.handler.execute(q);
  }
}
