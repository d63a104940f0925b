import type { AuditFieldValues } from '@bleedkits/contracts';
import type { User } from './user';

/** How the trail names a user: their name and e-mail as they were at the time. */
export function userAuditLabel(user: Pick<User, 'email' | 'firstName' | 'lastName'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} <${user.email}>` : user.email;
}

/** A user's fields an entry keeps (never the password hash). */
export function userAuditFields(user: User): AuditFieldValues {
  return { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, emailVerified: user.emailVerified };
}
