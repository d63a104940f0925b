import { AccountSettingsPage } from '@/features/account';
import { useCurrentUser } from '@/features/auth';

/** Features do not import each other: the shell hands the signed-in user to the pages that need it. */
export function AccountSettingsRoute() {
  const { user } = useCurrentUser();
  return user ? <AccountSettingsPage user={user} /> : null;
}
