import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type VerificationReportPage, type VerificationReportPageRequest, VerificationSubjects } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ReportPageHandler } from './report-page.handler';

@Controller()
export class ReportPageMessageController {
  constructor(private readonly handler: ReportPageHandler) {}

  @Handles(VerificationSubjects.reportPage)
  handle(@Payload() req: VerificationReportPageRequest): Promise<VerificationReportPage> {
    return this.handler.execute(req);
  }
}
