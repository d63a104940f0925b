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
import { PATHS } from '@/config/paths';

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
      { path: PATHS.home, element: <HomePage finder={<FinderSection />} /> },
      { path: PATHS.auth, element: <AuthPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: PATHS.accountSettings, element: <AccountSettingsRoute /> },
          { path: PATHS.registerKit, element: <RegisterKitPage /> },
          { path: PATHS.dashboard, element: <DashboardRoute /> },
          // The spec guards /admin/import by the signed-in check only: it previews a file and sends nothing.
          { path: PATHS.adminImport, element: <AdminImportPage /> },
        ],
      },
      { path: PATHS.about, element: <AboutPage /> },
      { path: PATHS.bleedKitInfo, element: <BleedKitInfoPage /> },
      { path: PATHS.firstAidTraining, element: <FirstAidTrainingPage /> },
      { path: PATHS.cabinetOptions, element: <CabinetOptionsPage /> },
      { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: PATHS.cookiePolicy, element: <CookiePolicyPage /> },
      { path: PATHS.accessibility, element: <AccessibilityPage /> },
      { path: PATHS.constitution, element: <ConstitutionPage /> },
      { path: PATHS.donate, element: <DonatePage /> },
      { path: PATHS.contact, element: <ContactPage /> },
      { path: PATHS.admin, element: <AdminRoute /> },
      { path: PATHS.adminBackups, element: <BackupsRoute /> },
      { path: PATHS.adminEmailTemplates, element: <EmailTemplatesRoute /> },
      { path: PATHS.adminVerification, element: <VerificationRoute /> },
      { path: PATHS.statistics, element: <StatisticsPage /> },
      // The spec's statistics call to action links to /register; the page is /register-kit.
      { path: PATHS.register, element: <Navigate to={PATHS.registerKit} replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
