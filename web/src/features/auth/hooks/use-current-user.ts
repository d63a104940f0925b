import type { CurrentUser } from '@bleedkits/contracts';
import { useCurrentUserQuery } from '../api';

export type CurrentUserState = {
  user: CurrentUser | null;
  /** True until the first answer about the session has arrived. */
  isLoading: boolean;
  isSignedIn: boolean;
  isAdmin: boolean;
};

export function useCurrentUser(): CurrentUserState {
  const { data, isLoading, isUninitialized } = useCurrentUserQuery();
  const user = data ?? null;
  return { user, isLoading: isLoading || isUninitialized, isSignedIn: user !== null, isAdmin: user?.role === 'admin' };
}
