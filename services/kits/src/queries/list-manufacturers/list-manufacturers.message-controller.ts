import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { KitsSubjects, type Option } from '@bleedkits/contracts';
import { ListManufacturersHandler } from './list-manufacturers.handler';

@Controller()
export class ListManufacturersMessageController {
  constructor(private readonly handler: ListManufacturersHandler) {}

  @MessagePattern(KitsSubjects.manufacturers)
  handle(): Promise<Option[]> {
    return this.handler.execute();
  }
}
