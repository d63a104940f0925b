import { useCurrentUser } from '@/features/auth';
import { EmailTemplatesPage } from '@/features/email-templates';

/** /admin/email-templates: the page itself sends signed-out visitors to /auth and answers non-admins. */
export function EmailTemplatesRoute() {
  const { user, isLoading } = useCurrentUser();
  return <EmailTemplatesPage user={user} isLoading={isLoading} />;
}
