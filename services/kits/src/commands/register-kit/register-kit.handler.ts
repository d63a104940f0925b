import { Injectable } from '@nestjs/common';
import type { Kit, Actor, KitRegistration } from '@bleedkits/contracts';
import { ServiceError, Handles } from '@bleedkits/platform';
import { readKitInput } from '../../domain/kit-input';
import { ManufacturerRepository } from '../../database/manufacturer.repository';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';
import { KitsSubjects } from '@bleedkits/contracts/wire';

export type RegisterKitRequest = { actor: Actor; kit: KitRegistration };

/** Every newly registered kit belongs to its registrant and waits for an admin's approval. */
@Injectable()
export class RegisterKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly makes: ManufacturerRepository,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.register)
  async execute({ actor, kit }: RegisterKitRequest): Promise<Kit> {
    const { errors, fields } = readKitInput(kit ?? {}, await this.makes.keys());
    if (!fields) throw ServiceError.validation(errors);
    const { result, revision } = await this.kits.write((m, rev) =>
      this.kits.insert(m, rev, { ...fields, ownerId: actor.id, status: 'pending', manuallyChecked: false }),
    );
    this.changed.committed(revision);
    return (await this.views.forActor(actor, [result]))[0];
  }
}
