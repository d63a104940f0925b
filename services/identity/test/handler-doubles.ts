import { randomUUID } from 'node:crypto';
import { type Actor, type CountByOwnerResponse, normaliseEmail } from '@bleedkits/contracts';
import type { NatsBus, NewAuditEntry } from '@bleedkits/platform';
import type { IdentityAuditTrail } from '../src/database/identity-audit-trail';
import type { IdentityEnv } from '../src/config/env';
import type { NewUser, UserRepository } from '../src/database/user.repository';
import { IdentityErrors } from '../src/domain/identity.errors';
import type { User } from '../src/domain/user';
import type { EmailChangeConfirmationMail, EmailChangeMailer, EmailChangeNoticeMail } from '../src/mail/email-change-mailer';
import type { PasswordResetMail, PasswordResetMailer } from '../src/mail/password-reset-mailer';
import { PasswordHasher } from '../src/passwords/password-hasher';

export type StoredResetToken = { userId: string; tokenHash: string; expiresAt: Date; usedAt: Date | null };
export type StoredEmailChange = StoredResetToken & { newEmail: string };

/** A user as the repository would hold it: a regular, unverified, password-less account unless the test says otherwise. */
export function aUser(fields: Partial<User> = {}): User {
  const id = fields.id ?? randomUUID();
  return {
    id,
    email: `user-${id.slice(0, 8)}@example.org`,
    firstName: 'Ann',
    lastName: 'Lee',
    passwordHash: null,
    role: 'user',
    googleId: null,
    emailVerified: false,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    ...fields,
  };
}

/** A user as the gateway passes them on when they act (the signed-in user). */
export const actorOf = (user: User): Actor => ({ id: user.id, role: user.role, email: user.email });

/**
 * The ports an identity handler talks to, replaced for its unit spec (CONVENTIONS: "a handler with its ports
 * replaced"). The repository keeps users and reset tokens in memory with the same rules the Postgres one has
 * (e-mails stored normalised and unique, a reset token usable once and only before it expires); the mailer
 * records what it was asked to send. The real ones are covered by the integration specs.
 */
export function userPorts(initial: Partial<User>[] = []) {
  const store = new Map<string, User>();
  const add = (fields: Partial<User>) => {
    const u = aUser(fields);
    const stored = { ...u, email: normaliseEmail(u.email) };
    store.set(stored.id, stored);
    return stored;
  };
  for (const fields of initial) add(fields);
  const tokens: StoredResetToken[] = [];
  const emailChanges: StoredEmailChange[] = [];
  /** As the SQL's closeOpenLinks: every reset and e-mail-change link of the user still open is used up. */
  const closeOpenLinks = (userId: string, now = new Date()) => {
    for (const t of [...tokens, ...emailChanges]) if (t.userId === userId && !t.usedAt) t.usedAt = now;
  };
  /** Every write, by method name, so a spec can tell a refusal wrote nothing. */
  const writes: string[] = [];
  const listPageCalls: { after: { createdAt: string; id: string } | null; limit: number }[] = [];
  const byEmail = (email: string) => [...store.values()].find((u) => u.email === normaliseEmail(email)) ?? null;
  // Postgres's microsecond text of created_at, and its byte order on (created_at, id).
  const position = (u: User) => u.createdAt.toISOString().replace('Z', '000Z');
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  async function update(id: string, changes: Partial<User>, alsoRecord?: (m: unknown, updated: User) => Promise<unknown>): Promise<User> {
    writes.push('update');
    const current = store.get(id);
    if (!current) throw IdentityErrors.userNotFound();
    const email = changes.email === undefined ? current.email : normaliseEmail(changes.email);
    const holder = byEmail(email);
    if (holder && holder.id !== id) throw IdentityErrors.duplicateEmail();
    const next = { ...current, ...changes, email };
    store.set(id, next);
    await alsoRecord?.({}, next);
    return next;
  }

  const repository = {
    async findById(id: string) {
      return store.get(id) ?? null;
    },
    async findByEmail(email: string) {
      return byEmail(email);
    },
    async adminEmails(limit: number) {
      return [...store.values()]
        .filter((u) => u.role === 'admin')
        .sort((a, b) => compare(position(a), position(b)) || compare(a.id, b.id))
        .slice(0, limit)
        .map((u) => u.email);
    },
    async findByGoogleId(googleId: string) {
      return [...store.values()].find((u) => u.googleId === googleId) ?? null;
    },
    async emailsByIds(ids: string[]) {
      return Object.fromEntries(ids.filter((id) => store.has(id)).map((id) => [id, store.get(id)!.email]));
    },
    async listPage(after: { createdAt: string; id: string } | null, limit: number) {
      listPageCalls.push({ after, limit });
      return [...store.values()]
        .sort((a, b) => compare(position(a), position(b)) || compare(a.id, b.id))
        .filter((u) => !after || position(u) > after.createdAt || (position(u) === after.createdAt && u.id > after.id))
        .slice(0, limit)
        .map((user) => ({ user, position: `${position(user)}|${user.id}` }));
    },
    async create(user: NewUser) {
      writes.push('create');
      if (byEmail(user.email)) throw IdentityErrors.duplicateEmail();
      return add({ ...user, id: randomUUID(), createdAt: new Date() });
    },
    update,
    async setRole(id: string, role: User['role'], alsoRecord?: (m: unknown) => Promise<void>) {
      const updated = await update(id, { role });
      await alsoRecord?.({});
      return updated;
    },
    async delete(id: string, alsoRecord?: (m: unknown) => Promise<void>) {
      writes.push('delete');
      store.delete(id);
      await alsoRecord?.({});
    },
    async createResetToken(userId: string, tokenHash: string, expiresAt: Date, alsoRecord?: (m: unknown) => Promise<void>) {
      writes.push('createResetToken');
      tokens.push({ userId, tokenHash, expiresAt, usedAt: null });
      await alsoRecord?.({});
    },
    /** As the SQL does: only an unused, unexpired token; the password is set and every other open link of the user dies. */
    async consumeResetToken(tokenHash: string, passwordHash: string) {
      writes.push('consumeResetToken');
      const now = new Date();
      const token = tokens.find((t) => t.tokenHash === tokenHash && !t.usedAt && t.expiresAt > now);
      if (!token) return null;
      const user = store.get(token.userId);
      if (user) store.set(user.id, { ...user, passwordHash });
      closeOpenLinks(token.userId, now);
      return token.userId;
    },
    async setPassword(userId: string, passwordHash: string) {
      writes.push('setPassword');
      const user = store.get(userId);
      if (user) store.set(userId, { ...user, passwordHash });
      closeOpenLinks(userId);
    },
    async revokeResetTokens(userId: string) {
      writes.push('revokeResetTokens');
      for (const t of tokens) if (t.userId === userId && !t.usedAt) t.usedAt = new Date();
    },
    async createEmailChange(userId: string, newEmail: string, tokenHash: string, expiresAt: Date) {
      writes.push('createEmailChange');
      for (const c of emailChanges) if (c.userId === userId && !c.usedAt) c.usedAt = new Date();
      emailChanges.push({ userId, newEmail: normaliseEmail(newEmail), tokenHash, expiresAt, usedAt: null });
    },
    /** Once, before it expires; the address becomes the user's and verified; every other open link dies. */
    async confirmEmailChange(tokenHash: string) {
      writes.push('confirmEmailChange');
      const now = new Date();
      const change = emailChanges.find((c) => c.tokenHash === tokenHash && !c.usedAt && c.expiresAt > now);
      if (!change) return null;
      await update(change.userId, { email: change.newEmail, emailVerified: true });
      change.usedAt = now;
      closeOpenLinks(change.userId, now);
      return { userId: change.userId, newEmail: change.newEmail };
    },
  };

  const mails: PasswordResetMail[] = [];
  const mailer = { send: async (mail: PasswordResetMail) => void mails.push(mail) };
  const changeMails: (({ kind: 'confirmation' } & EmailChangeConfirmationMail) | ({ kind: 'notice' } & EmailChangeNoticeMail))[] = [];
  const emailChangeMailer = {
    sendConfirmation: async (mail: EmailChangeConfirmationMail) => void changeMails.push({ kind: 'confirmation', ...mail }),
    sendNotice: async (mail: EmailChangeNoticeMail) => void changeMails.push({ kind: 'notice', ...mail }),
  };

  // The trail's own rules (changed fields only, redaction) are the platform's; here each entry as the handler gave it.
  const audited: NewAuditEntry[] = [];
  const audit = {
    record: async (_m: unknown, entry: NewAuditEntry) => void audited.push(entry),
    recordEvent: async (entry: NewAuditEntry) => void audited.push(entry),
  };

  return {
    store,
    tokens,
    emailChanges,
    changeMails,
    writes,
    listPageCalls,
    mails,
    add,
    audited,
    audit: audit as unknown as IdentityAuditTrail,
    repository: repository as unknown as UserRepository,
    mailer: mailer as unknown as PasswordResetMailer,
    emailChangeMailer: emailChangeMailer as unknown as EmailChangeMailer,
  };
}

/**
 * The real argon2id hasher at the smallest settings argon2 accepts (1 MiB, one pass), so a spec pays a
 * millisecond per hash and still proves a stored hash is a real one. Counts the calls: log-in must run exactly
 * one verification whether or not the user exists, and a refused shape must not reach argon2 at all.
 */
export function cheapHasher() {
  const real = new PasswordHasher(1024, 1);
  const calls = { hash: 0, verify: 0 };
  const hasher = {
    hash: (password: string) => {
      calls.hash++;
      return real.hash(password);
    },
    verify: (hash: string | null, password: string) => {
      calls.verify++;
      return real.verify(hash, password);
    },
  };
  return { calls, hasher: hasher as unknown as PasswordHasher, verify: (hash: string | null, password: string) => real.verify(hash, password) };
}

/** The identity settings a handler reads; the rest of the environment is not its business. */
export function identityEnv(overrides: Partial<IdentityEnv> = {}): IdentityEnv {
  return { PASSWORD_RESET_TTL_MINUTES: 60, KITS_REQUEST_TIMEOUT_MS: 2000, NOTIFICATIONS_REQUEST_TIMEOUT_MS: 5000, ...overrides } as IdentityEnv;
}

/** The NATS bus as the kits context answers it: kit counts by owner, or a failure while kits cannot answer. */
export function kitsBus(answer: (ownerIds: string[]) => CountByOwnerResponse | Error) {
  const requests: { subject: string; payload: { ownerIds: string[] }; timeoutMs?: number }[] = [];
  const bus = {
    async request(subject: string, payload: { ownerIds: string[] }, timeoutMs?: number) {
      requests.push({ subject, payload, timeoutMs });
      const res = answer(payload.ownerIds);
      if (res instanceof Error) throw res;
      return res;
    },
  };
  return { requests, bus: bus as unknown as NatsBus };
}

/** The coded body a handler refused with: one helper for every context's handler specs. */
export { codedRefusal as refusal } from '@bleedkits/platform/testing';
