import { useCurrentUser } from '@/features/auth';
import { AuditPage } from '@/features/admin-audit';

/** /admin/audit: the page itself sends signed-out visitors to /auth and answers non-admins. */
export function AdminAuditRoute() {
  const { user, isLoading } = useCurrentUser();
  return <AuditPage user={user} isLoading={isLoading} />;
}
