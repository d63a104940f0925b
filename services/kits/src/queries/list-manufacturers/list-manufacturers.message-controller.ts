import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { KitsSubjects, type Option } from '@bleedkits/contracts';
import { KitRepository } from '../../database/kit.repository';

/** GET /api/config/manufacturers: the live list as {value, label}, 'other' last. */
@Controller()
export class ListManufacturersMessageController {
  constructor(private readonly kits: KitRepository) {}

  @MessagePattern(KitsSubjects.manufacturers)
  async handle(): Promise<Option[]> {
    return (await this.kits.manufacturers()).map((m) => ({ value: m.key, label: m.label }));
  }
}
