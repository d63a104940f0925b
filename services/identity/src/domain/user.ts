import type { AdminUserRow, CurrentUser, UserRole } from '@bleedkits/contracts';

/** The identity context's user, as the domain sees it (no ORM, no transport). */
export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  role: UserRole;
  googleId: string | null;
  emailVerified: boolean;
  createdAt: Date;
};

export function toCurrentUser(u: User): CurrentUser {
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role, emailVerified: u.emailVerified };
}

export function toAdminRow(u: User, kitCount: number): AdminUserRow {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    role: u.role,
    kit_count: kitCount,
    created_at: u.createdAt.toISOString(),
    email_verified: u.emailVerified,
  };
}

export function toggledRole(role: UserRole): UserRole {
  return role === 'admin' ? 'user' : 'admin';
}
