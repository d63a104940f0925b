import { useCurrentUser } from '@/features/auth';
import { StatusPage } from '@/features/admin-status';

/** /admin/status: the page itself sends signed-out visitors to /auth and answers non-admins. */
export function AdminStatusRoute() {
  const { user, isLoading } = useCurrentUser();
  return <StatusPage user={user} isLoading={isLoading} />;
}
