import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { normaliseEmail, type UserRole } from '@bleedkits/contracts';
import type { User } from '../domain/user';
import { IdentityErrors } from '../domain/identity.errors';
import { PasswordResetTokenRecord, UserRecord } from './user.orm-entity';

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

  async findByEmail(email: string): Promise<User | null> {
    const r = await this.users().createQueryBuilder('u').where('lower(u.email) = :email', { email: normaliseEmail(email) }).getOne();
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

  async list(): Promise<User[]> {
    return (await this.users().find({ order: { createdAt: 'ASC' } })).map(toUser);
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

  async update(id: string, changes: Partial<Pick<User, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'role' | 'googleId' | 'emailVerified'>>): Promise<User> {
    const patch = changes.email ? { ...changes, email: normaliseEmail(changes.email) } : changes;
    try {
      await this.users().update({ id }, patch);
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw IdentityErrors.duplicateEmail();
      throw e;
    }
    const u = await this.findById(id);
    if (!u) throw IdentityErrors.userNotFound();
    return u;
  }

  async setRole(id: string, role: UserRole): Promise<User> {
    return this.update(id, { role });
  }

  async delete(id: string): Promise<void> {
    await this.users().delete({ id });
  }

  async createResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(PasswordResetTokenRecord).insert({ userId, tokenHash, expiresAt });
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
      await m.query(`UPDATE identity.password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
      return userId;
    });
  }
}
