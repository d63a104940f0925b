import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Actor, KitsSubjects, type ManufacturerRow, type MessageResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ManageManufacturersHandler } from './manage-manufacturers.handler';

@Controller()
export class ManageManufacturersMessageController {
  constructor(private readonly handler: ManageManufacturersHandler) {}

  @Handles(KitsSubjects.adminManufacturers)
  list(@Payload() req: { actor: Actor }): Promise<ManufacturerRow[]> {
    return this.handler.list(req?.actor);
  }

  @Handles(KitsSubjects.addManufacturer)
  add(@Payload() req: { actor: Actor; name: string }): Promise<ManufacturerRow> {
    return this.handler.add(req?.actor, req?.name);
  }

  @Handles(KitsSubjects.renameManufacturer)
  rename(@Payload() req: { actor: Actor; value: string; label: string }): Promise<ManufacturerRow> {
    return this.handler.rename(req?.actor, req?.value, req?.label);
  }

  @Handles(KitsSubjects.removeManufacturer)
  remove(@Payload() req: { actor: Actor; value: string }): Promise<MessageResponse> {
    return this.handler.remove(req?.actor, req?.value);
  }
}
