import { Injectable } from '@nestjs/common';
import type { DeleteUserRequest, MessageResponse } from '@bleedkits/contracts';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';

/** Only an admin deletes, and only non-admin users (the spec hides Delete for admins; the server enforces both). */
@Injectable()
export class DeleteUserHandler {
  constructor(private readonly users: UserRepository) {}

  async execute(req: DeleteUserRequest): Promise<MessageResponse> {
    if (req.actor.role !== 'admin') throw IdentityErrors.adminOnly();
    if (req.actor.id === req.userId) throw IdentityErrors.deleteSelf();
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    if (user.role === 'admin') throw IdentityErrors.deleteAdmin();
    await this.users.delete(user.id);
    return { message: `User ${user.email} deleted` };
  }
}
