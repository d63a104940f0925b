import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type ApprovedKitsDownloadResponse,
  type CurrentUser as CurrentUserType,
  type FixAddressesResult,
  KitsSubjects,
  type LastDownloadResponse,
  type MaintenanceResult,
} from '@bleedkits/contracts';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../kits/actor';

/** Admin Tools: ambulance-service downloads and the data-maintenance buttons. Admin-only by path. */
@ApiTags('admin')
@Controller('api/admin')
export class AdminToolsController {
  constructor(private readonly bus: NatsBus) {}

  @Get('download-approved-kits')
  lastDownload(@CurrentUser() me: CurrentUserType): Promise<LastDownloadResponse> {
    return this.bus.request<LastDownloadResponse>(KitsSubjects.lastApprovedDownload, { actor: actorOf(me) });
  }

  @Post('download-approved-kits')
  @HttpCode(200)
  download(@CurrentUser() me: CurrentUserType): Promise<ApprovedKitsDownloadResponse> {
    return this.bus.request<ApprovedKitsDownloadResponse>(KitsSubjects.downloadApproved, { actor: actorOf(me) }, 30_000);
  }

  @Post('fix-missing-addresses')
  @HttpCode(200)
  fixMissingAddresses(@CurrentUser() me: CurrentUserType): Promise<FixAddressesResult> {
    return this.bus.request<FixAddressesResult>(KitsSubjects.fixMissingAddresses, { actor: actorOf(me) }, 60_000);
  }

  @Post('clean-serial-numbers')
  @HttpCode(200)
  cleanSerialNumbers(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request<MaintenanceResult>(KitsSubjects.cleanSerialNumbers, { actor: actorOf(me) }, 30_000);
  }

  @Post('update-ambulance-services')
  @HttpCode(200)
  updateAmbulanceServices(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request<MaintenanceResult>(KitsSubjects.updateAmbulanceServices, { actor: actorOf(me) }, 30_000);
  }
}
