import { Injectable } from '@nestjs/common';
import type { Option } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';

/** GET /api/config/manufacturers: the live list as {value, label}, 'other' last (the repository's order). */
@Injectable()
export class ListManufacturersHandler {
  constructor(private readonly kits: KitRepository) {}

  async execute(): Promise<Option[]> {
    return (await this.kits.manufacturers()).map((m) => ({ value: m.key, label: m.label }));
  }
}
