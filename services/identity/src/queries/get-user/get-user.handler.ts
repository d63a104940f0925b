import { Injectable } from '@nestjs/common';
import type { GetUserRequest, UserResponse } from '@bleedkits/contracts';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';

/** The current user for a session (the gateway asks on every guarded request, so role changes apply at once). */
@Injectable()
export class GetUserHandler {
  constructor(private readonly users: UserRepository) {}

  /** A failed read (an id Postgres cannot take as a uuid) answers as a missing user. */
  async execute(req: GetUserRequest): Promise<UserResponse> {
    const user = await this.users.findById(req.userId).catch(() => null);
    if (!user) throw IdentityErrors.userNotFound();
    return { user: toCurrentUser(user) };
  }
}
