import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import {
  type ApprovedKitsDownloadResponse,
  type CurrentUser as CurrentUserType,
  type FixAddressesResult,
  type LastDownloadResponse,
  type MaintenanceResult,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { CurrentUser } from '../../../security/guards';
import { actorOf } from '../../../security/actor';
import { ApprovedDownloadAssembler } from '../../ambulance-feed/approved-download';

/** Admin Tools: ambulance-service downloads and the data-maintenance buttons. Admin-only by path. */
@ApiTags('kits')
@Controller('api/admin')
export class AdminToolsController {
  constructor(
    private readonly bus: NatsBus,
    private readonly downloads: ApprovedDownloadAssembler,
  ) {}

  @Get('download-approved-kits')
  @ApiOperation({ summary: 'When approved kits were last downloaded for the ambulance services' })
  lastDownload(@CurrentUser() me: CurrentUserType): Promise<LastDownloadResponse> {
    return this.bus.request(KitsSubjects.lastApprovedDownload, { actor: actorOf(me) });
  }

  /**
   * One CSV per ambulance service with the kits approved or changed since the last download, and the kits that
   * left the service's set as withdrawals. Assembled from bounded parts; the watermark moves only once every file
   * was produced (ApprovedDownloadAssembler).
   */
  @Post('download-approved-kits')
  @ApiOperation({ summary: 'The approved kits since the last download, one CSV file per ambulance service; the date moves once they are made' })
  @HttpCode(200)
  download(@CurrentUser() me: CurrentUserType): Promise<ApprovedKitsDownloadResponse> {
    return this.downloads.download(actorOf(me));
  }

  @Post('fix-missing-addresses')
  @ApiOperation({ summary: 'Repair missing addresses from the coordinates' })
  @HttpCode(200)
  fixMissingAddresses(@CurrentUser() me: CurrentUserType): Promise<FixAddressesResult> {
    return this.bus.request(KitsSubjects.fixMissingAddresses, { actor: actorOf(me) }, 60_000);
  }

  @Post('clean-serial-numbers')
  @ApiOperation({ summary: "Remove the 'IMPORT-' prefix from serial numbers" })
  @HttpCode(200)
  cleanSerialNumbers(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request(KitsSubjects.cleanSerialNumbers, { actor: actorOf(me) }, 30_000);
  }

  @Post('update-ambulance-services')
  @ApiOperation({ summary: "Work out every kit's ambulance service again from its postcode or town" })
  @HttpCode(200)
  updateAmbulanceServices(@CurrentUser() me: CurrentUserType): Promise<MaintenanceResult> {
    return this.bus.request(KitsSubjects.updateAmbulanceServices, { actor: actorOf(me) }, 30_000);
  }
}
