import { useCurrentUser } from '@/features/auth';
import { BackupsPage } from '@/features/backups';

/** /admin/backups: the page itself sends signed-out visitors to /auth and answers non-admins. */
export function BackupsRoute() {
  const { user, isLoading } = useCurrentUser();
  return <BackupsPage user={user} isLoading={isLoading} />;
}
