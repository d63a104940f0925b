import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { normaliseEmail, type UserRole } from '@bleedkits/contracts';
import type { User } from '../domain/user';
import { IdentityErrors } from '../domain/identity.errors';
import { EmailChangeRecord, PasswordResetTokenRecord, UserRecord } from './user.orm-entity';

const UNIQUE_VIOLATION = '23505';

function toUser(r: UserRecord): User {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    passwordHash: r.passwordHash,
    role: r.role,
    googleId: r.googleId,
    emailVerified: r.emailVerified,
    createdAt: r.createdAt,
  };
}

export type NewUser = Omit<User, 'id' | 'createdAt'>;
/** A write that joins the transaction of a change (its audit entry). */
export type AlsoRecord = (m: EntityManager) => Promise<void>;

@Injectable()
export class UserRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private users(manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(UserRecord);
  }

  async findById(id: string): Promise<User | null> {
    const r = await this.users().findOneBy({ id });
    return r ? toUser(r) : null;
  }

  /** The admins' addresses, oldest account first. */
  async adminEmails(limit: number): Promise<string[]> {
    const rows: { email: string }[] = await this.dataSource.query(
      `SELECT email FROM identity.users WHERE role = 'admin' ORDER BY created_at, id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.email);
  }

  async findByEmail(email: string): Promise<User | null> {
    const r = await this.users()
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normaliseEmail(email) })
      .getOne();
    return r ? toUser(r) : null;
  }

  async findByGoogleId(googleId: string): Promise<User | null> {
    const r = await this.users().findOneBy({ googleId });
    return r ? toUser(r) : null;
  }

  async emailsByIds(ids: string[]): Promise<Record<string, string>> {
    if (!ids.length) return {};
    const rows = await this.users().createQueryBuilder('u').select(['u.id', 'u.email']).where('u.id IN (:...ids)', { ids }).getMany();
    return Object.fromEntries(rows.map((r) => [r.id, r.email]));
  }

  /**
   * One part of the admin user list, oldest first, after a (created_at, id) position. The position is written with
   * Postgres's own microseconds, so no user is skipped or repeated between parts.
   */
  async listPage(after: { createdAt: string; id: string } | null, limit: number): Promise<{ user: User; position: string }[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, email, first_name, last_name, password_hash, role, google_id, email_verified, created_at,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_at
         FROM identity.users
        WHERE ($1::timestamptz IS NULL OR (created_at, id) > ($1::timestamptz, $2::uuid))
        ORDER BY created_at, id LIMIT $3`,
      [after?.createdAt ?? null, after?.id ?? '00000000-0000-0000-0000-000000000000', limit],
    )) as Record<string, unknown>[];
    return rows.map((r) => ({
      user: {
        id: String(r.id),
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        passwordHash: (r.password_hash as string | null) ?? null,
        role: r.role as UserRole,
        googleId: (r.google_id as string | null) ?? null,
        emailVerified: r.email_verified === true,
        createdAt: new Date(r.created_at as string),
      },
      position: `${String(r.position_at)}|${String(r.id)}`,
    }));
  }

  /** Inserts; a concurrent insert of the same e-mail becomes the same 409 as a sequential one. */
  async create(user: NewUser): Promise<User> {
    try {
      const saved = await this.users().save(this.users().create({ ...user, email: normaliseEmail(user.email) }));
      return toUser(saved);
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw IdentityErrors.duplicateEmail();
      throw e;
    }
  }

  /** `alsoRecord`, given the user as changed, writes in the same transaction (the audit entry of an admin's edit). */
  async update(
    id: string,
    changes: Partial<Pick<User, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'role' | 'googleId' | 'emailVerified'>>,
    alsoRecord?: (m: EntityManager, updated: User) => Promise<unknown>,
  ): Promise<User> {
    const patch = changes.email ? { ...changes, email: normaliseEmail(changes.email) } : changes;
    try {
      return await this.dataSource.transaction(async (m) => {
        await this.users(m).update({ id }, patch);
        const u = await this.users(m).findOneBy({ id });
        if (!u) throw IdentityErrors.userNotFound();
        const updated = toUser(u);
        await alsoRecord?.(m, updated);
        return updated;
      });
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw IdentityErrors.duplicateEmail();
      throw e;
    }
  }

  /** `alsoRecord` writes in the same transaction (the audit entry of the change: recorded if and only if it happened). */
  async setRole(id: string, role: UserRole, alsoRecord?: AlsoRecord): Promise<User> {
    await this.dataSource.transaction(async (m) => {
      await this.users(m).update({ id }, { role });
      await alsoRecord?.(m);
    });
    const u = await this.findById(id);
    if (!u) throw IdentityErrors.userNotFound();
    return u;
  }

  async delete(id: string, alsoRecord?: AlsoRecord): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.users(m).delete({ id });
      await alsoRecord?.(m);
    });
  }

  async createResetToken(userId: string, tokenHash: string, expiresAt: Date, alsoRecord?: AlsoRecord): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.getRepository(PasswordResetTokenRecord).insert({ userId, tokenHash, expiresAt });
      await alsoRecord?.(m);
    });
  }

  /**
   * Marks the token used and sets the password in one transaction. The conditional UPDATE makes the link
   * single-use even when two requests race with it.
   */
  async consumeResetToken(tokenHash: string, passwordHash: string): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      // TypeORM answers an UPDATE ... RETURNING as [rows, affectedCount].
      const [rows]: [{ user_id: string }[], number] = await m.query(
        `UPDATE identity.password_reset_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id`,
        [tokenHash],
      );
      const userId = rows[0]?.user_id;
      if (!userId) return null;
      await m.getRepository(UserRecord).update({ id: userId }, { passwordHash });
      // Any other outstanding links for this user die with the reset.
      await closeOpenLinks(m, userId);
      return userId;
    });
  }

  /** A new password, and every reset or e-mail-change link still open dies with the old one. */
  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.getRepository(UserRecord).update({ id: userId }, { passwordHash });
      await closeOpenLinks(m, userId);
    });
  }

  /** Ends every reset link of a user still open (their sign-in address changed). */
  async revokeResetTokens(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE identity.password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  }

  /** Stores a pending change of sign-in e-mail (only its token's hash); an earlier open one of the user is closed. */
  async createEmailChange(userId: string, newEmail: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE identity.email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      await m.getRepository(EmailChangeRecord).insert({ userId, newEmail: normaliseEmail(newEmail), tokenHash, expiresAt });
    });
  }

  /**
   * Applies a pending e-mail change from its link, once (conditional UPDATE, like a reset link). The new address is
   * proven by the link, so it is verified; every other open link of the user dies. An address taken meanwhile by
   * another account answers the duplicate 409 and leaves the link unused.
   */
  async confirmEmailChange(tokenHash: string): Promise<{ userId: string; newEmail: string } | null> {
    return this.dataSource.transaction(async (m) => {
      const [rows]: [{ user_id: string; new_email: string }[], number] = await m.query(
        `UPDATE identity.email_changes SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id, new_email`,
        [tokenHash],
      );
      const change = rows[0];
      if (!change) return null;
      try {
        await m.getRepository(UserRecord).update({ id: change.user_id }, { email: change.new_email, emailVerified: true });
      } catch (e) {
        if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw IdentityErrors.duplicateEmail();
        throw e;
      }
      await closeOpenLinks(m, change.user_id);
      return { userId: change.user_id, newEmail: change.new_email };
    });
  }
}

/** Reset links and e-mail-change links of a user that are still open are used up. */
async function closeOpenLinks(m: EntityManager, userId: string): Promise<void> {
  await m.query(`UPDATE identity.password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  await m.query(`UPDATE identity.email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}
