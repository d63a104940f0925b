import { Injectable } from '@nestjs/common';
import type { DeleteUserRequest, MessageResponse } from '@bleedkits/contracts';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditFields, userAuditLabel } from '../../domain/user-audit';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';

/** Only an admin deletes, and only non-admin users (the spec hides Delete for admins; the server enforces both). */
@Injectable()
export class DeleteUserHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: IdentityAuditTrail,
  ) {}

  @Handles(IdentitySubjects.deleteUser)
  async execute(req: DeleteUserRequest): Promise<MessageResponse> {
    if (req.actor.role !== 'admin') throw IdentityErrors.adminOnly();
    if (req.actor.id === req.userId) throw IdentityErrors.deleteSelf();
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    if (user.role === 'admin') throw IdentityErrors.deleteAdmin();
    await this.users.delete(user.id, (m) =>
      this.audit.record(m, {
        actor: req.actor,
        action: 'user.deleted',
        target: { type: 'user', id: user.id, label: userAuditLabel(user) },
        before: userAuditFields(user),
        after: null,
      }),
    );
    return { message: `User ${user.email} deleted` };
  }
}
