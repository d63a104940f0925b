import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type KitActor, KitsSubjects, type ManufacturerRow, ManufacturerMessages, type MessageResponse, OTHER_MAKE, makeLabel, normaliseManufacturerName } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { assertAdmin } from '../../domain/admin-only';
import { ManufacturerRepository } from '../../database/manufacturer.repository';

/** Admin management of the make list: add (normalised, no duplicates), rename the label, remove (never 'other'). */
@Controller()
export class ManageManufacturersMessageController {
  constructor(private readonly manufacturers: ManufacturerRepository) {}

  @MessagePattern(KitsSubjects.adminManufacturers)
  async list(@Payload() req: { actor: KitActor }): Promise<ManufacturerRow[]> {
    assertAdmin(req?.actor);
    return this.manufacturers.listWithCounts();
  }

  @MessagePattern(KitsSubjects.addManufacturer)
  async add(@Payload() req: { actor: KitActor; name: string }): Promise<ManufacturerRow> {
    assertAdmin(req?.actor);
    const key = normaliseManufacturerName(String(req.name ?? ''));
    if (!key) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    const label = makeLabel(key);
    if (!(await this.manufacturers.insert(key, label))) throw ServiceError.conflict(ManufacturerMessages.duplicate);
    return { value: key, label, kitCount: 0 };
  }

  @MessagePattern(KitsSubjects.renameManufacturer)
  async rename(@Payload() req: { actor: KitActor; value: string; label: string }): Promise<ManufacturerRow> {
    assertAdmin(req?.actor);
    const label = String(req.label ?? '').trim();
    if (!label) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    if (!(await this.manufacturers.rename(String(req.value), label))) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return (await this.manufacturers.listWithCounts()).find((m) => m.value === req.value)!;
  }

  @MessagePattern(KitsSubjects.removeManufacturer)
  async remove(@Payload() req: { actor: KitActor; value: string }): Promise<MessageResponse> {
    assertAdmin(req?.actor);
    if (req.value === OTHER_MAKE) throw ServiceError.validation([ManufacturerMessages.otherProtected]);
    if (!(await this.manufacturers.remove(String(req.value)))) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return { message: `Manufacturer ${makeLabel(req.value)} removed` };
  }
}
