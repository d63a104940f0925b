// The page the link e-mailed to a new sign-in address opens, loaded by the router on first visit (from its own
// file, like the other auth pages, so the entry does not carry it).
export { ConfirmEmailPage } from '@/features/auth/components/confirm-email-page';
