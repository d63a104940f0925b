import { Injectable } from '@nestjs/common';
import { type ToggleRoleRequest, type ToggleRoleResponse, normaliseEmail } from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { toggledRole } from '../../domain/user';
import { IdentityErrors } from '../../domain/identity.errors';
import { UserRepository } from '../../database/user.repository';
import { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { userAuditLabel } from '../../domain/user-audit';
import { Handles } from '@bleedkits/platform';

@Injectable()
export class ToggleRoleHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: IdentityAuditTrail,
  ) {}

  /**
   * Only an admin changes roles (checked here too, not only by the gateway's guard), and never their own, so the
   * register can never lose its last admin this way.
   */
  @Handles(IdentitySubjects.toggleRole)
  async execute(req: ToggleRoleRequest): Promise<ToggleRoleResponse> {
    if (req.actor.role !== 'admin') throw IdentityErrors.adminOnly();
    if (req.actor.id === req.userId) throw IdentityErrors.ownRole();
    const user = await this.users.findById(req.userId);
    if (!user) throw IdentityErrors.userNotFound();
    if (req.email && normaliseEmail(req.email) !== user.email) throw IdentityErrors.emailMismatch();
    const role = toggledRole(user.role);
    const updated = await this.users.setRole(user.id, role, (m) =>
      this.audit.record(m, {
        actor: req.actor,
        action: 'user.role-changed',
        target: { type: 'user', id: user.id, label: userAuditLabel(user) },
        before: { role: user.role },
        after: { role },
      }),
    );
    const who = `${updated.firstName} ${updated.lastName}`.trim() || updated.email;
    return {
      message: updated.role === 'admin' ? `${who} is now an admin` : `${who} is now a regular user`,
      role: updated.role,
    };
  }
}
