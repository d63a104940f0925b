import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Kit, type Actor, type KitFeedRecord, nextVerificationDue, verificationStatus } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import type { KitState } from '../domain/kit-state';
import { KitRepository } from '../database/kit.repository';
import { KITS_ENV, type KitsEnv } from '../config/env';

/** Turns stored kits into the owner/admin view: verification dates, deployment history, owner e-mail. */
@Injectable()
export class KitViews {
  private readonly logger = new Logger('KitViews');

  constructor(
    private readonly kits: KitRepository,
    private readonly bus: NatsBus,
    @Inject(KITS_ENV) private readonly env: KitsEnv,
  ) {}

  /**
   * A stored kit as its owner and the admins see it, before the details read beside it (deployment history, checks,
   * the owner's e-mail): every other view is a projection of this one.
   */
  static ownerView(k: KitState, now = new Date()): Omit<Kit, 'userEmail' | 'deploymentHistory' | 'verificationChecks'> {
    const { ownerId, ...stored } = k;
    return { ...stored, userId: ownerId, nextVerificationDue: nextVerificationDue(k), verificationStatus: verificationStatus(k, now) };
  }

  /** The revision feed's record: the owner's view with only the presence of a cabinet code, which no feed reader sees. */
  static feedRecord(k: KitState, now = new Date()): KitFeedRecord {
    const { cabinetCode, ...view } = KitViews.ownerView(k, now);
    return { ...view, hasCabinetCode: !!cabinetCode, deploymentHistory: [] };
  }

  async forActor(actor: Actor, states: KitState[]): Promise<Kit[]> {
    const history = await this.kits.deploymentHistory(states.map((s) => s.id));
    const checks = await this.kits.verificationChecks(states.map((s) => s.id));
    const emails = await this.ownerEmails(actor, states);
    return states.map((s) => ({
      ...KitViews.ownerView(s),
      userEmail: s.ownerId ? (emails.get(s.ownerId) ?? null) : null,
      deploymentHistory: history.get(s.id) ?? [],
      verificationChecks: checks.get(s.id) ?? [],
    }));
  }

  /** The caller's own e-mail is known; other owners' come from identity (best effort: a view never fails on it). */
  private async ownerEmails(actor: Actor, states: KitState[]): Promise<Map<string, string>> {
    const emails = new Map<string, string>([[actor.id, actor.email]]);
    const others = [...new Set(states.map((s) => s.ownerId).filter((id): id is string => !!id && id !== actor.id))];
    if (!others.length) return emails;
    try {
      const res = await this.bus.request(IdentitySubjects.userEmails, { userIds: others }, this.env.IDENTITY_REQUEST_TIMEOUT_MS);
      for (const [id, email] of Object.entries(res.emails)) emails.set(id, email);
    } catch (e) {
      this.logger.warn({ msg: 'owner e-mails unavailable', error: (e as Error).message });
    }
    return emails;
  }
}
