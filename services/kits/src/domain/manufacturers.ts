import { Injectable } from '@nestjs/common';
import { KitRepository } from '../database/kit.repository';

/** The live manufacturer list (kits owns it; admins manage it in the admin issue). */
@Injectable()
export class Manufacturers {
  constructor(private readonly kits: KitRepository) {}

  async keys(): Promise<Set<string>> {
    return new Set((await this.kits.manufacturers()).map((m) => m.key));
  }
}
