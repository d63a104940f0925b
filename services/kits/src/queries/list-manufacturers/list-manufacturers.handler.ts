import { Injectable } from '@nestjs/common';
import type { Option } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** GET /api/config/manufacturers: the live list as {value, label}, 'other' last (the repository's order). */
@Injectable()
export class ListManufacturersHandler {
  constructor(private readonly kits: KitRepository) {}

  @Handles(KitsSubjects.manufacturers)
  async execute(): Promise<Option[]> {
    return (await this.kits.manufacturers()).map((m) => ({ value: m.key, label: m.label }));
  }
}
