import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type ManufacturerRow,
  ManufacturerMessages,
  type MessageResponse,
  OTHER_MAKE,
  makeLabel,
  normaliseManufacturerName,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { assertAdmin } from '../../domain/admin-only';
import { ManufacturerRepository } from '../../database/manufacturer.repository';

/** Admin management of the make list: add (normalised, no duplicates), rename the label, remove (never 'other'). */
@Injectable()
export class ManageManufacturersHandler {
  constructor(private readonly manufacturers: ManufacturerRepository) {}

  async list(actor: Actor | undefined): Promise<ManufacturerRow[]> {
    assertAdmin(actor);
    return this.manufacturers.listWithCounts();
  }

  async add(actor: Actor | undefined, name: unknown): Promise<ManufacturerRow> {
    assertAdmin(actor);
    const key = normaliseManufacturerName(typeof name === 'string' ? name : '');
    if (!key) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    const label = makeLabel(key);
    if (!(await this.manufacturers.insert(key, label))) throw ServiceError.conflict(ManufacturerMessages.duplicate);
    return { value: key, label, kitCount: 0 };
  }

  async rename(actor: Actor | undefined, value: unknown, newLabel: unknown): Promise<ManufacturerRow> {
    assertAdmin(actor);
    const label = typeof newLabel === 'string' ? newLabel.trim() : '';
    if (!label) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    const key = String(value ?? '');
    if (!(await this.manufacturers.rename(key, label))) throw ServiceError.notFound(ManufacturerMessages.notFound);
    const row = (await this.manufacturers.listWithCounts()).find((m) => m.value === key);
    if (!row) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return row;
  }

  async remove(actor: Actor | undefined, value: unknown): Promise<MessageResponse> {
    assertAdmin(actor);
    const key = String(value ?? '');
    if (key === OTHER_MAKE) throw ServiceError.validation([ManufacturerMessages.otherProtected]);
    if (!(await this.manufacturers.remove(key))) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return { message: `Manufacturer ${makeLabel(key)} removed` };
  }
}
