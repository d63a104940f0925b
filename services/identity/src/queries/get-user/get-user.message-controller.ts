import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type GetUserRequest, IdentitySubjects, type UserResponse } from '@bleedkits/contracts';
import { toCurrentUser } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';

/** The current user for a session (the gateway asks on every guarded request, so role changes apply at once). */
@Controller()
export class GetUserMessageController {
  constructor(private readonly users: UserRepository) {}

  @MessagePattern(IdentitySubjects.getUser)
  async handle(@Payload() req: GetUserRequest): Promise<UserResponse> {
    const user = await this.users.findById(req.userId).catch(() => null);
    if (!user) throw IdentityErrors.userNotFound();
    return { user: toCurrentUser(user) };
  }
}
