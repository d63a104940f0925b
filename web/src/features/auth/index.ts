export { AuthPage } from './components/auth-page';
export { ResetPasswordPage } from './components/reset-password-page';
export { RequireAuth } from './components/require-auth';
export { useCurrentUser, type CurrentUserState } from './hooks/use-current-user';
export { useLogout } from './hooks/use-logout';
export { authApi } from './api';
