import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type PublicKit, type ViewportQuery } from '@bleedkits/contracts';
import { SqlViewportBaselineHandler } from './sql-viewport-baseline.handler';

@Controller()
export class SqlViewportBaselineMessageController {
  constructor(private readonly handler: SqlViewportBaselineHandler) {}

  @MessagePattern(KitsSubjects.sqlViewportBaseline)
  handle(@Payload() q: ViewportQuery): Promise<PublicKit[]> {
    return this.handler.execute(q);
  }
}
