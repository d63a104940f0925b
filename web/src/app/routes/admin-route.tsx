import { AdminPage } from '@/features/admin';
import { useCurrentUser } from '@/features/auth';
import { kitDialogs } from '@/features/kit-dialogs';

/** /admin answers signed-out and non-admin visitors itself (Admin Access Required / Access Denied), so no RequireAuth. */
export function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  return <AdminPage user={user} isLoading={isLoading} dialogs={kitDialogs} />;
}
