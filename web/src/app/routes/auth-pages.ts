// The sign-in and reset-password pages, loaded by the router on first visit. They come from their own files, not
// the auth feature's index: the public entry imports that index for the session hooks, and the bundler would put
// every page the index names into the entry with them.
export { AuthPage } from '@/features/auth/components/auth-page';
export { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
