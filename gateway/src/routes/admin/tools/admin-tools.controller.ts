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
import { actorOf } from '../../../security/actor';
import { ApprovedDownloadAssembler } from '../../ambulance-feed/approved-download';

/** Admin Tools: ambulance-service downloads and the data-maintenance buttons. Admin-only by path. */
@ApiTags('admin')
@Controller('api/admin')
export class AdminToolsController {
  constructor(
    private readonly bus: NatsBus,
    private readonly downloads: ApprovedDownloadAssembler,
  ) {}

  @Get('download-approved-kits')
  lastDownload(@CurrentUser() me: CurrentUserType): Promise<LastDownloadResponse> {
    return this.bus.request(KitsSubjects.lastApprovedDownload, { actor: actorOf(me) });
  }

  /**
   * One CSV per ambulance service with the kits approved or changed since the last download, and the kits that
   * left the service's set as withdrawals. Assembled from bounded parts; the watermark moves only once every file
   * was produced (ApprovedDownloadAssembler).
   */
  @Post('download-approved-kits')
  @HttpCode(200)
  download(@CurrentUser() me: CurrentUserType): Promise<ApprovedKitsDownloadResponse> {
    return this.downloads.download(actorOf(me));
  }

  @Post('fix-missing-addresses')
  @HttpCode(200)
  fixMissingAddresses(@CurrentUser() me: CurrentUserType): Promise<FixAddressesResult> {
    return this.bus.request(KitsSubjects.fixMissingAddresses, { actor: actorOf(me) }, 60_000);
  }

  @Post('clean-serial-numbers')
  @HttpCode(200)
  cleanSerialNumbers(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request(KitsSubjects.cleanSerialNumbers, { actor: actorOf(me) }, 30_000);
  }

  @Post('update-ambulance-services')
  @HttpCode(200)
  updateAmbulanceServices(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request(KitsSubjects.updateAmbulanceServices, { actor: actorOf(me) }, 30_000);
  }
}
