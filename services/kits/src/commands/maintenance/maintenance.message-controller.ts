import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type FixAddressesResult, type Actor, KitsSubjects, type MaintenanceResult } from '@bleedkits/contracts';
import { MaintenanceHandler } from './maintenance.handler';

@Controller()
export class MaintenanceMessageController {
  constructor(private readonly handler: MaintenanceHandler) {}

  @MessagePattern(KitsSubjects.cleanSerialNumbers)
  cleanSerials(@Payload() req: { actor: Actor }): Promise<MaintenanceResult> {
    return this.handler.cleanSerialNumbers(req?.actor);
  }

  @MessagePattern(KitsSubjects.updateAmbulanceServices)
  updateAmbulanceServices(@Payload() req: { actor: Actor }): Promise<MaintenanceResult> {
    return this.handler.updateAmbulanceServices(req?.actor);
  }

  @MessagePattern(KitsSubjects.fixMissingAddresses)
  fixMissingAddresses(@Payload() req: { actor: Actor }): Promise<FixAddressesResult> {
    return this.handler.fixMissingAddresses(req?.actor);
  }
}
