import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { UserRepository } from '../../database/user.repository';
import { PasswordHasher } from '../../passwords/password-hasher';
import { IDENTITY_ENV, type IdentityEnv } from '../../config/env';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD make sure that admin account exists at start. An existing account is promoted
 * but its password is left alone: the admin may have changed it since the variable was set.
 */
@Injectable()
export class EnsureAdminHandler implements OnApplicationBootstrap {
  private readonly logger = new Logger('EnsureAdmin');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.env;
    if (!email || !password) return;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.role !== 'admin') await this.users.setRole(existing.id, 'admin');
      return;
    }
    try {
      await this.users.create({
        email,
        firstName: 'Admin',
        lastName: 'User',
        passwordHash: await this.hasher.hash(password),
        role: 'admin',
        googleId: null,
        emailVerified: true,
      });
      this.logger.log({ msg: 'admin account created', email });
    } catch (e) {
      // Another replica created it in the meantime; promote whatever is there.
      const raced = await this.users.findByEmail(email);
      if (!raced) throw e;
      if (raced.role !== 'admin') await this.users.setRole(raced.id, 'admin');
    }
  }
}
