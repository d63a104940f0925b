import { SiteHeader } from '@/components/layout';
import { useCurrentUser, useLogout } from '@/features/auth';

/** The site header wired to the session: shared UI stays free of feature imports, the app shell connects them. */
export function AppHeader() {
  const { user, isLoading } = useCurrentUser();
  const { logout, isLoggingOut } = useLogout();
  return <SiteHeader user={isLoading ? undefined : user} onLogout={() => void logout()} loggingOut={isLoggingOut} />;
}
