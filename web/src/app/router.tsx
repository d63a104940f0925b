import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { AccountSettingsPage } from '@/features/account';
import { AdminPage } from '@/features/admin';
import { AdminImportPage } from '@/features/admin-import';
import { AuthPage, RequireAuth, ResetPasswordPage, useCurrentUser } from '@/features/auth';
import { BackupsPage } from '@/features/backups';
import { DashboardPage } from '@/features/dashboard';
import { EmailTemplatesPage } from '@/features/email-templates';
import { VerificationPage } from '@/features/admin-verification';
import { FinderSection } from '@/features/finder';
import { HomePage } from '@/features/home';
import { kitDialogs } from '@/features/kit-dialogs';
import {
  AboutPage,
  AccessibilityPage,
  BleedKitInfoPage,
  CabinetOptionsPage,
  ConstitutionPage,
  ContactPage,
  CookiePolicyPage,
  DonatePage,
  FirstAidTrainingPage,
  PrivacyPolicyPage,
} from '@/features/pages';
import { RegisterKitPage } from '@/features/register-kit';
import { StatisticsPage } from '@/features/statistics';
import { RootLayout } from './root-layout';

/** Features do not import each other: the shell hands the signed-in user to the pages that need it. */
function AccountSettingsRoute() {
  const { user } = useCurrentUser();
  return user ? <AccountSettingsPage user={user} /> : null;
}

/** The dashboard opens the kit dialogs, which the shell hands over for the same reason. */
function DashboardRoute() {
  const { user } = useCurrentUser();
  return user ? <DashboardPage user={user} dialogs={kitDialogs} /> : null;
}

/** /admin answers signed-out and non-admin visitors itself (Admin Access Required / Access Denied), so no RequireAuth. */
function AdminRoute() {
  const { user, isLoading } = useCurrentUser();
  return <AdminPage user={user} isLoading={isLoading} dialogs={kitDialogs} />;
}

/** /admin/email-templates: the page itself sends signed-out visitors to /auth and answers non-admins. */
function EmailTemplatesRoute() {
  const { user, isLoading } = useCurrentUser();
  return <EmailTemplatesPage user={user} isLoading={isLoading} />;
}

/** /admin/backups: the page itself sends signed-out visitors to /auth and answers non-admins. */
function BackupsRoute() {
  const { user, isLoading } = useCurrentUser();
  return <BackupsPage user={user} isLoading={isLoading} />;
}

/** /admin/verification: the page itself sends signed-out visitors to /auth and answers non-admins. */
function VerificationRoute() {
  const { user, isLoading } = useCurrentUser();
  return <VerificationPage user={user} isLoading={isLoading} />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage finder={<FinderSection />} /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/account-settings', element: <AccountSettingsRoute /> },
          { path: '/register-kit', element: <RegisterKitPage /> },
          { path: '/dashboard', element: <DashboardRoute /> },
          // The spec guards /admin/import by the signed-in check only: it previews a file and sends nothing.
          { path: '/admin/import', element: <AdminImportPage /> },
        ],
      },
      { path: '/about', element: <AboutPage /> },
      { path: '/bleed-kit-info', element: <BleedKitInfoPage /> },
      { path: '/first-aid-training', element: <FirstAidTrainingPage /> },
      { path: '/cabinet-options', element: <CabinetOptionsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/cookie-policy', element: <CookiePolicyPage /> },
      { path: '/accessibility', element: <AccessibilityPage /> },
      { path: '/constitution', element: <ConstitutionPage /> },
      { path: '/donate', element: <DonatePage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/admin', element: <AdminRoute /> },
      { path: '/admin/backups', element: <BackupsRoute /> },
      { path: '/admin/email-templates', element: <EmailTemplatesRoute /> },
      { path: '/admin/verification', element: <VerificationRoute /> },
      { path: '/statistics', element: <StatisticsPage /> },
      // The spec's statistics call to action links to /register; the page is /register-kit.
      { path: '/register', element: <Navigate to="/register-kit" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
