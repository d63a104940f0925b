import { BadRequestException, Body, Controller, Delete, Get, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type AdminKit,
  type BulkApproveResponse,
  type CurrentUser as CurrentUserType,
  type KitStatusChangeResponse,
  KitsSubjects,
  type MessageResponse,
} from '@bleedkits/contracts';
import { BulkApproveDto, KitStatusQueryDto, ReassignKitDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';
import { KIT_LIST_PART_LIMIT, listParts, streamJsonArray } from '../../../paging/list-parts';

/** Approval and kit administration. Every route is admin-only (the two legacy paths outside /api/admin explicitly). */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminKitsController {
  constructor(private readonly bus: NatsBus) {}

  /** The pending list, newest first: read from kits in parts and streamed, however many kits wait. */
  @Get('api/admin/pending-kits-working')
  @ApiOkResponse({ description: 'every pending kit (AdminKit[]), newest first' })
  async pending(@CurrentUser() me: CurrentUserType, @Res() res: Response): Promise<void> {
    await streamJsonArray(
      res,
      listParts<AdminKit, number>(this.bus, KitsSubjects.adminList, { actor: actorOf(me), status: 'pending' }, KIT_LIST_PART_LIMIT),
    );
  }

  /**
   * The spec's name for 'all kits, admin view': every kit, newest first, read from kits in parts and streamed
   * (the admin console sorts, searches and pages it in the browser; docs/decisions.md).
   */
  @Get('api/test-kits')
  @ApiOkResponse({ description: 'every kit (AdminKit[]), newest first' })
  async all(@CurrentUser() me: CurrentUserType, @Res() res: Response): Promise<void> {
    await streamJsonArray(res, listParts<AdminKit, number>(this.bus, KitsSubjects.adminList, { actor: actorOf(me) }, KIT_LIST_PART_LIMIT));
  }

  /** Approve, reject or reactivate. A GET with side effects: admin-only and same-origin (sameOriginOnly middleware). */
  @Get('api/kit-status')
  changeStatus(@CurrentUser() me: CurrentUserType, @Query() q: KitStatusQueryDto): Promise<KitStatusChangeResponse> {
    if (q.status !== 'active' && q.status !== 'rejected')
      throw new BadRequestException({ message: 'status must be active or rejected', errors: ['status must be active or rejected'] });
    return this.bus.request(KitsSubjects.changeStatus, { actor: actorOf(me), kitId: q.id, status: q.status });
  }

  @Post('api/admin/bulk-approve')
  bulkApprove(@CurrentUser() me: CurrentUserType, @Body() dto: BulkApproveDto): Promise<BulkApproveResponse> {
    return this.bus.request(KitsSubjects.bulkApprove, { actor: actorOf(me), kitIds: dto.kitIds });
  }

  @Delete('api/admin/bleed-kits')
  remove(@CurrentUser() me: CurrentUserType, @Query('kitId') kitId: string): Promise<MessageResponse> {
    return this.bus.request(KitsSubjects.delete, { actor: actorOf(me), kitId });
  }

  @Patch('api/admin/bleed-kits/reassign')
  reassign(@CurrentUser() me: CurrentUserType, @Body() dto: ReassignKitDto): Promise<AdminKit> {
    return this.bus.request(KitsSubjects.reassign, { actor: actorOf(me), kitId: dto.kitId, userId: dto.userId ?? null });
  }
}
