import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toasts/use-toast';
import { useLogoutMutation } from '../api';
import { PATHS } from '@/config/paths';

export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const [logoutMutation, { isLoading }] = useLogoutMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const logout = useCallback(async () => {
    try {
      await logoutMutation().unwrap();
      toast({ title: 'Goodbye!' });
      await navigate(PATHS.home);
    } catch {
      toast({ title: 'Logout failed', variant: 'destructive' });
    }
  }, [logoutMutation, navigate, toast]);
  return { logout, isLoggingOut: isLoading };
}
