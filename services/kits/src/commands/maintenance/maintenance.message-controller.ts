import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type FixAddressesResult, type Actor, KitsSubjects, type MaintenanceResult } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { MaintenanceHandler } from './maintenance.handler';

@Controller()
export class MaintenanceMessageController {
  constructor(private readonly handler: MaintenanceHandler) {}

  @Handles(KitsSubjects.cleanSerialNumbers)
  cleanSerials(@Payload() req: { actor: Actor }): Promise<MaintenanceResult> {
    return this.handler.cleanSerialNumbers(req?.actor);
  }

  @Handles(KitsSubjects.updateAmbulanceServices)
  updateAmbulanceServices(@Payload() req: { actor: Actor }): Promise<MaintenanceResult> {
    return this.handler.updateAmbulanceServices(req?.actor);
  }

  @Handles(KitsSubjects.fixMissingAddresses)
  fixMissingAddresses(@Payload() req: { actor: Actor }): Promise<FixAddressesResult> {
    return this.handler.fixMissingAddresses(req?.actor);
  }
}
