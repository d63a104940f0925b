import { BadRequestException, Body, Controller, Delete, Get, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type AdminKit,
  type BulkApproveResponse,
  type CurrentUser as CurrentUserType,
  type KitStatusChangeResponse,
  type MessageResponse,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { BulkApproveDto, KitStatusQueryDto, ReassignKitDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';
import { KIT_LIST_PART_LIMIT, listParts, streamJsonArray } from '../../../paging/list-parts';
import { Answers } from '../../../openapi/answers.decorator';

/** Approval and kit administration. Every route is admin-only (the two legacy paths outside /api/admin explicitly). */
@ApiTags('kits')
@AdminOnly()
@Controller()
export class AdminKitsController {
  constructor(private readonly bus: NatsBus) {}

  /** The pending list, newest first: read from kits in parts and streamed, however many kits wait. */
  @Get('api/admin/pending-kits-working')
  @ApiOperation({ summary: 'Every pending kit, newest first (streamed)' })
  @Answers<AdminKit[]>()
  async pending(@CurrentUser() me: CurrentUserType, @Res() res: Response): Promise<void> {
    await streamJsonArray(res, listParts(this.bus, KitsSubjects.adminList, { actor: actorOf(me), status: 'pending' }, KIT_LIST_PART_LIMIT));
  }

  /**
   * The spec's name for 'all kits, admin view': every kit, newest first, read from kits in parts and streamed
   * (the admin console sorts, searches and pages it in the browser; docs/decisions.md).
   */
  @Get('api/test-kits')
  @ApiOperation({ summary: 'Every kit in the admin view, newest first (streamed)' })
  @Answers<AdminKit[]>()
  async all(@CurrentUser() me: CurrentUserType, @Res() res: Response): Promise<void> {
    await streamJsonArray(res, listParts(this.bus, KitsSubjects.adminList, { actor: actorOf(me) }, KIT_LIST_PART_LIMIT));
  }

  /** Approve, reject or reactivate. A GET with side effects: admin-only and same-origin (sameOriginOnly middleware). */
  @Get('api/kit-status')
  @ApiOperation({ summary: "Approve, reject or reactivate a kit (the spec's GET with a side effect: same-origin only)" })
  @ApiNotFoundResponse({ description: 'no such kit' })
  @ApiConflictResponse({ description: 'the kit cannot move to that status from its own' })
  changeStatus(@CurrentUser() me: CurrentUserType, @Query() q: KitStatusQueryDto): Promise<KitStatusChangeResponse> {
    if (q.status !== 'active' && q.status !== 'rejected')
      throw new BadRequestException({ message: 'status must be active or rejected', errors: ['status must be active or rejected'] });
    return this.bus.request(KitsSubjects.changeStatus, { actor: actorOf(me), kitId: q.id, status: q.status });
  }

  @Post('api/admin/bulk-approve')
  @ApiOperation({ summary: 'Approve many pending kits at once' })
  bulkApprove(@CurrentUser() me: CurrentUserType, @Body() dto: BulkApproveDto): Promise<BulkApproveResponse> {
    return this.bus.request(KitsSubjects.bulkApprove, { actor: actorOf(me), kitIds: dto.kitIds });
  }

  @Delete('api/admin/bleed-kits')
  @ApiOperation({ summary: 'Delete any kit' })
  @ApiNotFoundResponse({ description: 'no such kit' })
  remove(@CurrentUser() me: CurrentUserType, @Query('kitId') kitId: string): Promise<MessageResponse> {
    return this.bus.request(KitsSubjects.delete, { actor: actorOf(me), kitId });
  }

  @Patch('api/admin/bleed-kits/reassign')
  @ApiOperation({ summary: 'Give a kit to another user, or to no one' })
  @ApiNotFoundResponse({ description: 'no such kit or user' })
  reassign(@CurrentUser() me: CurrentUserType, @Body() dto: ReassignKitDto): Promise<AdminKit> {
    return this.bus.request(KitsSubjects.reassign, { actor: actorOf(me), kitId: dto.kitId, userId: dto.userId ?? null });
  }
}
