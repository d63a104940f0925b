import { useCurrentUser } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { kitDialogs } from '@/features/kit-dialogs';

/** The dashboard opens the kit dialogs, which the shell hands over for the same reason as the signed-in user. */
export function DashboardRoute() {
  const { user } = useCurrentUser();
  return user ? <DashboardPage user={user} dialogs={kitDialogs} /> : null;
}
