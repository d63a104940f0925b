import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CurrentUser as CurrentUserType,
  type EmailTemplateListResponse,
  EmailTemplateMessages,
  type OutboxPageResponse,
  type PreviewEmailResponse,
  type SendTestEmailResponse,
  type UpdateEmailTemplateCommand,
  type UpdateEmailTemplateResponse,
} from '@bleedkits/contracts';
import { NotificationsSubjects } from '@bleedkits/contracts/wire';
import { OutboxQueryDto, PreviewEmailDto, SendTestEmailDto, UpdateEmailTemplateDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../security/guards';
import { actorOf } from '../../security/actor';

const TEMPLATE_ID = /^[a-z][a-z0-9_]{0,99}$/;

/** The e-mail templates page and the outbox table of Admin Tools. Admin only. */
@ApiTags('notifications')
@AdminOnly()
@Controller('api/admin')
export class EmailTemplatesController {
  constructor(private readonly bus: NatsBus) {}

  @Get('email-templates')
  @ApiOperation({ summary: 'The e-mail templates with their placeholders' })
  list(): Promise<EmailTemplateListResponse> {
    return this.bus.request(NotificationsSubjects.listTemplates, {});
  }

  /** Saves an edit (persisted: docs/decisions.md). 400 with every problem when a part does not compile or names an unknown variable. */
  @Put('email-templates/:id')
  @ApiOperation({ summary: "Change a template's subject and body" })
  update(@CurrentUser() me: CurrentUserType, @Param('id') id: string, @Body() dto: UpdateEmailTemplateDto): Promise<UpdateEmailTemplateResponse> {
    if (!TEMPLATE_ID.test(id)) throw new NotFoundException({ message: EmailTemplateMessages.notFound });
    const command: UpdateEmailTemplateCommand = {
      id,
      actor: actorOf(me),
      subject: dto.subject,
      htmlTemplate: dto.htmlTemplate,
      textTemplate: dto.textTemplate,
    };
    return this.bus.request(NotificationsSubjects.updateTemplate, command);
  }

  /** Renders the editor's unsaved texts with sample values (not in the spec's table: the preview tabs use it). */
  @Post('email-templates/preview')
  @ApiOperation({ summary: 'Render a template with example values' })
  @HttpCode(200)
  preview(@Body() dto: PreviewEmailDto): Promise<PreviewEmailResponse> {
    return this.bus.request(NotificationsSubjects.preview, { ...dto });
  }

  @Post('send-test-email')
  @ApiOperation({ summary: 'Send a test e-mail of a template to an address' })
  @ApiNotFoundResponse({ description: 'no such template' })
  @HttpCode(200)
  sendTest(@Body() dto: SendTestEmailDto): Promise<SendTestEmailResponse> {
    return this.bus.request(NotificationsSubjects.sendTest, {
      email: dto.email.trim(),
      templateId: dto.templateId,
      variables: dto.variables ?? {},
    });
  }

  @Get('email-outbox')
  @ApiOperation({ summary: 'The e-mail outbox, newest first, paged: status, attempts and last error of each message' })
  outbox(@Query() query: OutboxQueryDto): Promise<OutboxPageResponse> {
    return this.bus.request(NotificationsSubjects.outboxPage, {
      page: query.page ? Number(query.page) : 1,
      status: query.status,
    });
  }
}
