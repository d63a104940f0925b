import { Injectable } from '@nestjs/common';
import { type GetUserRequest, type UserResponse, isUuid } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { Handles } from '@bleedkits/platform';

/** The current user for a session (the gateway asks on every guarded request, so role changes apply at once). */
@Injectable()
export class GetUserHandler {
  constructor(private readonly users: UserRepository) {}

  /**
   * An id that is not a uuid is a missing user. A read that fails is an error, never "not found": the gateway ends a
   * session whose user is not found, so a Postgres restart answered that way signed every user out (bench:faults).
   */
  @Handles(IdentitySubjects.getUser)
  async execute(req: GetUserRequest): Promise<UserResponse> {
    if (!isUuid(req.userId)) throw IdentityErrors.userNotFound();
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    return { user: toCurrentUser(user) };
  }
}
