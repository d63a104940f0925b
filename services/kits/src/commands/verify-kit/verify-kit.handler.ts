import { Injectable } from '@nestjs/common';
import { type Kit, type VerifyKitRequest, checklistErrors, dueAfterCheck, failedChecklistItems } from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { KitViews } from '../../queries/kit-views';

const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 2000) : null);
const day = (v: string | null | undefined) => (typeof v === 'string' && v ? v : null);

/** The note a failed check leaves on the deployment status: what failed, and the custodian's own words. */
export function failedCheckNote(failures: string[], notes: string | null): string {
  return `Verification check failed: ${failures.join(', ')}.${notes ? ` Notes: ${notes}` : ''}`;
}

/**
 * The custodian's six-monthly check (owner or admin; anyone else is told the kit does not exist). It is kept with
 * who and when; the kit is verified now and next due six months on. A failed item (not accessible, missing, seal
 * broken) sets the deployment status to 'unchecked' (Needs Verification) with the checklist as the note; a passed
 * check of a kit marked unchecked or deployed makes it available again (it is there, sealed and reachable).
 */
@Injectable()
export class VerifyKitHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly views: KitViews,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(KitsSubjects.verify)
  async execute({ actor, kitId, checklist }: VerifyKitRequest): Promise<Kit> {
    const id = parseKitId(kitId);
    const input = (checklist ?? {}) as unknown as Record<string, unknown>;
    const errors = checklistErrors(input);
    if (errors.length) throw ServiceError.validation(errors);
    const now = new Date();
    const notes = text(checklist.notes);
    const failures = failedChecklistItems(checklist);
    const { result, revision } = await this.kits.write(async (m, rev) => {
      const current = await this.kits.findById(id, m, true);
      if (!current || (actor.role !== 'admin' && current.ownerId !== actor.id)) throw KitErrors.notFound();
      await this.kits.recordVerificationCheck(m, id, {
        checkedBy: actor.id,
        checkedByEmail: actor.email,
        cabinetAccessible: checklist.cabinetAccessible,
        kitPresent: checklist.kitPresent,
        sealIntact: checklist.sealIntact,
        tourniquetExpiry: day(checklist.tourniquetExpiry),
        dressingsExpiry: day(checklist.dressingsExpiry),
        notes,
        passed: failures.length === 0,
      });
      const deployment =
        failures.length > 0
          ? { deploymentStatus: 'unchecked' as const, deploymentNotes: failedCheckNote(failures, notes) }
          : current.deploymentStatus !== 'available'
            ? { deploymentStatus: 'available' as const, deploymentNotes: notes }
            : {};
      if (deployment.deploymentStatus) {
        await this.kits.recordDeploymentChange(m, id, {
          status: deployment.deploymentStatus,
          notes: deployment.deploymentNotes ?? null,
          changedBy: actor.id,
        });
      }
      return this.kits.update(m, rev, id, {
        lastVerifiedAt: now.toISOString(),
        nextVerificationDue: dueAfterCheck(now),
        tourniquetExpiry: day(checklist.tourniquetExpiry) ?? current.tourniquetExpiry ?? null,
        dressingsExpiry: day(checklist.dressingsExpiry) ?? current.dressingsExpiry ?? null,
        ...deployment,
      });
    });
    this.changed.committed(revision);
    return (await this.views.forActor(actor, [result]))[0];
  }
}
