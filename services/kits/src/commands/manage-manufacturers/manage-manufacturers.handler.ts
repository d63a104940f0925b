import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type ManufacturerRow,
  ManufacturerMessages,
  type MessageResponse,
  OTHER_MAKE,
  makeLabel,
  normaliseManufacturerName,
  assertAdmin,
} from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitAuditTrail } from '../../database/kit-audit-trail';

/** Admin management of the make list: add (normalised, no duplicates), rename the label, remove (never 'other'). */
@Injectable()
export class ManageManufacturersHandler {
  constructor(
    private readonly manufacturers: ManufacturerRepository,
    private readonly audit: KitAuditTrail,
  ) {}

  async list(actor: Actor | undefined): Promise<ManufacturerRow[]> {
    assertAdmin(actor);
    return this.manufacturers.listWithCounts();
  }

  async add(actor: Actor | undefined, name: unknown): Promise<ManufacturerRow> {
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

  async rename(actor: Actor | undefined, value: unknown, newLabel: unknown): Promise<ManufacturerRow> {
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

  async remove(actor: Actor | undefined, value: unknown): Promise<MessageResponse> {
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
