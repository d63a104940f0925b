import { VerificationPage } from '@/features/admin-verification';
import { useCurrentUser } from '@/features/auth';

/** /admin/verification: the page itself sends signed-out visitors to /auth and answers non-admins. */
export function VerificationRoute() {
  const { user, isLoading } = useCurrentUser();
  return <VerificationPage user={user} isLoading={isLoading} />;
}
