import { Injectable } from '@nestjs/common';
import {
  CODE_DISCLOSED_MESSAGE,
  type CodeDisclosedRequest,
  type CodeDisclosedResponse,
  FeedMessages,
  displayKitId,
  scopeCarriesCabinetCodes,
  AmbulanceFeedSubjects,
} from '@bleedkits/contracts';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitErrors, parseKitId } from '../../domain/kit.errors';
import { KitRepository } from '../../database/kit.repository';
import { AmbulanceFeedRepository } from '../../database/ambulance-feed.repository';
import { KitChangedPublisher } from '../../events/kit-changed.publisher';
import { FeedClientAuth } from '../../queries/ambulance-feed/feed-client-auth';

/** The note kept with the deployment change (and shown to the custodian): who gave the code out, and theirs. */
export function disclosureNote(clientLabel: string, note: string | null | undefined): string {
  const extra = typeof note === 'string' && note.trim() ? `: ${note.trim().slice(0, 500)}` : '';
  return `Cabinet code given out by ${clientLabel} (ambulance feed)${extra}`;
}

/**
 * A control room reports that it gave out a kit's cabinet code. The kit becomes deployed, with a note, through the
 * same write as any deployment change, so the revision feed carries it: the public map shows it Deployed, and the
 * verification context (which follows the feed) e-mails the custodian to restock it. Only a key whose scope is the
 * kit's ambulance service may report it; any other kit answers like a missing one.
 */
@Injectable()
export class CodeDisclosedHandler {
  constructor(
    private readonly kits: KitRepository,
    private readonly feed: AmbulanceFeedRepository,
    private readonly auth: FeedClientAuth,
    private readonly changed: KitChangedPublisher,
  ) {}

  @Handles(AmbulanceFeedSubjects.codeDisclosed)
  async execute(req: CodeDisclosedRequest): Promise<CodeDisclosedResponse> {
    const client = await this.auth.client(req?.keyHash);
    if (!scopeCarriesCabinetCodes(client.scope)) throw ServiceError.forbidden(FeedMessages.codesNotInScope);
    const id = parseKitId(req.kitId);
    const notes = disclosureNote(client.label, req.note);
    const { revision } = await this.kits.write(async (m, rev) => {
      const kit = await this.feed.kitScopeOf(id, m);
      if (!kit || kit.status !== 'active' || kit.ambulanceService !== client.scope) throw KitErrors.notFound();
      await this.kits.recordDeploymentChange(m, id, { status: 'deployed', notes, changedBy: client.id });
      await this.kits.update(m, rev, id, { deploymentStatus: 'deployed', deploymentNotes: notes });
    });
    this.changed.committed(revision);
    await this.feed.touchClient(client.id);
    return { id, reference: displayKitId(id), deploymentStatus: 'deployed', message: CODE_DISCLOSED_MESSAGE };
  }
}
