import { Controller } from '@nestjs/common';
import { KitsSubjects, type Option } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ListManufacturersHandler } from './list-manufacturers.handler';

@Controller()
export class ListManufacturersMessageController {
  constructor(private readonly handler: ListManufacturersHandler) {}

  @Handles(KitsSubjects.manufacturers)
  handle(): Promise<Option[]> {
    return this.handler.execute();
  }
}
