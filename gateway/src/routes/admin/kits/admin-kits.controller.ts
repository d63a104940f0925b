import { BadRequestException, Body, Controller, Delete, Get, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AdminKit, type BulkApproveResponse, type CurrentUser as CurrentUserType, type KitStatusChangeResponse, KitsSubjects, type MessageResponse } from '@bleedkits/contracts';
import { BulkApproveDto, KitStatusQueryDto, ReassignKitDto } from '@bleedkits/contracts/dto';
import { NatsBus } from '@bleedkits/platform';
import { AdminOnly, CurrentUser } from '../../../security/guards';
import { actorOf } from '../../kits/actor';

/** Approval and kit administration. Every route is admin-only (the two legacy paths outside /api/admin explicitly). */
@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminKitsController {
  constructor(private readonly bus: NatsBus) {}

  @Get('api/admin/pending-kits-working')
  pending(@CurrentUser() me: CurrentUserType): Promise<AdminKit[]> {
    return this.bus.request<AdminKit[]>(KitsSubjects.adminList, { actor: actorOf(me), status: 'pending' });
  }

  /** The spec's name for 'all kits, admin view'. */
  @Get('api/test-kits')
  all(@CurrentUser() me: CurrentUserType): Promise<AdminKit[]> {
    return this.bus.request<AdminKit[]>(KitsSubjects.adminList, { actor: actorOf(me) });
  }

  /** Approve, reject or reactivate. A GET with side effects: admin-only and same-origin (sameOriginOnly middleware). */
  @Get('api/kit-status')
  changeStatus(@CurrentUser() me: CurrentUserType, @Query() q: KitStatusQueryDto): Promise<KitStatusChangeResponse> {
    if (q.status !== 'active' && q.status !== 'rejected') throw new BadRequestException({ message: 'status must be active or rejected', errors: ['status must be active or rejected'] });
    return this.bus.request<KitStatusChangeResponse>(KitsSubjects.changeStatus, { actor: actorOf(me), kitId: q.id, status: q.status });
  }

  @Post('api/admin/bulk-approve')
  bulkApprove(@CurrentUser() me: CurrentUserType, @Body() dto: BulkApproveDto): Promise<BulkApproveResponse> {
    return this.bus.request<BulkApproveResponse>(KitsSubjects.bulkApprove, { actor: actorOf(me), kitIds: dto.kitIds });
  }

  @Delete('api/admin/bleed-kits')
  remove(@CurrentUser() me: CurrentUserType, @Query('kitId') kitId: string): Promise<MessageResponse> {
    return this.bus.request<MessageResponse>(KitsSubjects.delete, { actor: actorOf(me), kitId });
  }

  @Patch('api/admin/bleed-kits/reassign')
  reassign(@CurrentUser() me: CurrentUserType, @Body() dto: ReassignKitDto): Promise<AdminKit> {
    return this.bus.request<AdminKit>(KitsSubjects.reassign, { actor: actorOf(me), kitId: dto.kitId, userId: dto.userId ?? null });
  }
}
