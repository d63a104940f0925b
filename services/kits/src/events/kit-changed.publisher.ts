import { Injectable } from '@nestjs/common';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';

/** After each commit, a hint; losing one only delays consumers until their timer (the feed is the truth). */
@Injectable()
export class KitChangedPublisher {
  constructor(private readonly bus: NatsBus) {}

  committed(revision: number): void {
    this.bus.publishEvent(KitsSubjects.changed, { revision });
  }
}
