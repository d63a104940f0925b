import { Injectable } from '@nestjs/common';
import {
  type ManufacturerRow,
  ManufacturerMessages,
  type MessageResponse,
  OTHER_MAKE,
  makeLabel,
  normaliseManufacturerName,
  assertAdmin,
} from '@bleedkits/contracts';
import { ServiceError, Handles } from '@bleedkits/platform';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';
import { KitsSubjects, type WireRequest } from '@bleedkits/contracts/wire';

/** Admin management of the make list: add (normalised, no duplicates), rename the label, remove (never 'other'). */
@Injectable()
export class ManageManufacturersHandler {
  constructor(
    private readonly manufacturers: ManufacturerRepository,
    private readonly audit: KitAuditTrail,
  ) {}

  @Handles(KitsSubjects.adminManufacturers)
  async list({ actor }: WireRequest<typeof KitsSubjects.adminManufacturers>): Promise<ManufacturerRow[]> {
    assertAdmin(actor);
    return this.manufacturers.listWithCounts();
  }

  @Handles(KitsSubjects.addManufacturer)
  async add({ actor, name }: WireRequest<typeof KitsSubjects.addManufacturer>): Promise<ManufacturerRow> {
    assertAdmin(actor);
    const key = normaliseManufacturerName(typeof name === 'string' ? name : '');
    if (!key) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    const label = makeLabel(key);
    const added = await this.manufacturers.insert(key, label, (m) =>
      this.audit.record(m, { actor, action: 'manufacturer.added', target: { type: 'manufacturer', id: key, label }, after: { label } }),
    );
    if (!added) throw ServiceError.conflict(ManufacturerMessages.duplicate);
    return { value: key, label, kitCount: 0 };
  }

  @Handles(KitsSubjects.renameManufacturer)
  async rename({ actor, value, label: newLabel }: WireRequest<typeof KitsSubjects.renameManufacturer>): Promise<ManufacturerRow> {
    assertAdmin(actor);
    const label = typeof newLabel === 'string' ? newLabel.trim() : '';
    if (!label) throw ServiceError.validation([ManufacturerMessages.nameRequired]);
    const key = String(value ?? '');
    const renamed = await this.manufacturers.rename(key, label, (m, was) =>
      this.audit.record(m, {
        actor,
        action: 'manufacturer.renamed',
        target: { type: 'manufacturer', id: key, label },
        before: { label: was },
        after: { label },
      }),
    );
    if (!renamed) throw ServiceError.notFound(ManufacturerMessages.notFound);
    const row = (await this.manufacturers.listWithCounts()).find((m) => m.value === key);
    if (!row) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return row;
  }

  @Handles(KitsSubjects.removeManufacturer)
  async remove({ actor, value }: WireRequest<typeof KitsSubjects.removeManufacturer>): Promise<MessageResponse> {
    assertAdmin(actor);
    const key = String(value ?? '');
    if (key === OTHER_MAKE) throw ServiceError.validation([ManufacturerMessages.otherProtected]);
    const removed = await this.manufacturers.remove(key, (m, was) =>
      this.audit.record(m, { actor, action: 'manufacturer.removed', target: { type: 'manufacturer', id: key, label: was }, before: { label: was } }),
    );
    if (!removed) throw ServiceError.notFound(ManufacturerMessages.notFound);
    return { message: `Manufacturer ${makeLabel(key)} removed` };
  }
}
