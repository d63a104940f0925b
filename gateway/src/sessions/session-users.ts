import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { type CurrentUser, ErrorCode } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { NatsBus, RemoteCallError } from '@bleedkits/platform';
import { SessionRegistry } from './session-registry';

type RequestWithUser = Request & { currentUser?: CurrentUser | null };

/**
 * Resolves the session's user through identity on each guarded request (once per request), so a role change
 * or a deleted account takes effect at once rather than when the cookie expires.
 */
@Injectable()
export class SessionUsers {
  constructor(
    private readonly bus: NatsBus,
    private readonly registry: SessionRegistry,
  ) {}

  async load(req: Request): Promise<CurrentUser | null> {
    const r = req as RequestWithUser;
    if (r.currentUser !== undefined) return r.currentUser;
    const userId = req.session?.userId;
    if (!userId) return (r.currentUser = null);
    try {
      const { user } = await this.bus.request(IdentitySubjects.getUser, { userId });
      return (r.currentUser = user);
    } catch (e) {
      if (e instanceof RemoteCallError && e.body.code === ErrorCode.NotFound) {
        await this.end(req);
        return (r.currentUser = null);
      }
      throw e;
    }
  }

  /** Rotates the session id (no fixation) and binds the new session to the user. */
  async establish(req: Request, user: CurrentUser, ttlSeconds: number): Promise<void> {
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    req.session.userId = user.id;
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    await this.registry.track(user.id, req.session.id, ttlSeconds);
    (req as RequestWithUser).currentUser = user;
  }

  async end(req: Request): Promise<void> {
    const userId = req.session?.userId;
    const sid = req.session?.id;
    if (!req.session) return;
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    if (userId && sid) await this.registry.untrack(userId, sid);
    (req as RequestWithUser).currentUser = null;
  }
}
