import { lazy, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { RequireAuth } from '@/features/auth';
import { FinderSection } from '@/features/finder';
import { HomePage } from '@/features/home';
import { PageLoadError } from './page-load-error';
import { RootLayout } from './root-layout';
import { PATHS } from '@/config/paths';

/**
 * A page whose code is fetched on first visit (RootLayout's Suspense shows 'Loading...' meanwhile). Only the home
 * page with the finder, the layout and the not-found screen are in the entry: a phone on a slow network downloads
 * what the finder needs before anything else (web/bundle-budget.json holds the limit). When the code cannot be
 * fetched, the page says so (PageLoadError) and the layout stays.
 */
export function onFirstVisit<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => {
    try {
      return { default: pick(await load()) };
    } catch (error) {
      // Offline before the worker stored it, or a release replaced the file: say so in the layout, not a blank page.
      console.warn('A page could not be loaded', error);
      return { default: PageLoadError };
    }
  });
}

const AuthPage = onFirstVisit(
  () => import('./routes/auth-pages'),
  (m) => m.AuthPage,
);
const ResetPasswordPage = onFirstVisit(
  () => import('./routes/auth-pages'),
  (m) => m.ResetPasswordPage,
);
const ConfirmEmailPage = onFirstVisit(
  () => import('./routes/confirm-email-page'),
  (m) => m.ConfirmEmailPage,
);
const AccountSettingsRoute = onFirstVisit(
  () => import('./routes/account-settings-route'),
  (m) => m.AccountSettingsRoute,
);
const RegisterKitPage = onFirstVisit(
  () => import('@/features/register-kit'),
  (m) => m.RegisterKitPage,
);
const DashboardRoute = onFirstVisit(
  () => import('./routes/dashboard-route'),
  (m) => m.DashboardRoute,
);
const AdminImportPage = onFirstVisit(
  () => import('@/features/admin-import'),
  (m) => m.AdminImportPage,
);
const AdminRoute = onFirstVisit(
  () => import('./routes/admin-route'),
  (m) => m.AdminRoute,
);
const BackupsRoute = onFirstVisit(
  () => import('./routes/backups-route'),
  (m) => m.BackupsRoute,
);
const AdminStatusRoute = onFirstVisit(
  () => import('./routes/admin-status-route'),
  (m) => m.AdminStatusRoute,
);
const AdminAuditRoute = onFirstVisit(
  () => import('./routes/admin-audit-route'),
  (m) => m.AdminAuditRoute,
);
const EmailTemplatesRoute = onFirstVisit(
  () => import('./routes/email-templates-route'),
  (m) => m.EmailTemplatesRoute,
);
const VerificationRoute = onFirstVisit(
  () => import('./routes/verification-route'),
  (m) => m.VerificationRoute,
);
const StatisticsPage = onFirstVisit(
  () => import('@/features/statistics'),
  (m) => m.StatisticsPage,
);
// The static pages, one chunk each (a folder of features/pages each).
const AboutPage = onFirstVisit(
  () => import('@/features/pages/about'),
  (m) => m.AboutPage,
);
const BleedKitInfoPage = onFirstVisit(
  () => import('@/features/pages/bleed-kit-info'),
  (m) => m.BleedKitInfoPage,
);
const FirstAidTrainingPage = onFirstVisit(
  () => import('@/features/pages/first-aid-training'),
  (m) => m.FirstAidTrainingPage,
);
const CabinetOptionsPage = onFirstVisit(
  () => import('@/features/pages/cabinet-options'),
  (m) => m.CabinetOptionsPage,
);
const PrivacyPolicyPage = onFirstVisit(
  () => import('@/features/pages/privacy-policy'),
  (m) => m.PrivacyPolicyPage,
);
const CookiePolicyPage = onFirstVisit(
  () => import('@/features/pages/cookie-policy'),
  (m) => m.CookiePolicyPage,
);
const AccessibilityPage = onFirstVisit(
  () => import('@/features/pages/accessibility'),
  (m) => m.AccessibilityPage,
);
const ConstitutionPage = onFirstVisit(
  () => import('@/features/pages/constitution'),
  (m) => m.ConstitutionPage,
);
const DonatePage = onFirstVisit(
  () => import('@/features/pages/donate'),
  (m) => m.DonatePage,
);
const ContactPage = onFirstVisit(
  () => import('@/features/pages/contact'),
  (m) => m.ContactPage,
);
const StopEmailsPage = onFirstVisit(
  () => import('@/features/pages/stop-emails'),
  (m) => m.StopEmailsPage,
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: PATHS.home, element: <HomePage finder={<FinderSection />} /> },
      { path: PATHS.auth, element: <AuthPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.confirmEmail, element: <ConfirmEmailPage /> },
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
      { path: PATHS.stopEmails, element: <StopEmailsPage /> },
      { path: PATHS.admin, element: <AdminRoute /> },
      { path: PATHS.adminBackups, element: <BackupsRoute /> },
      { path: PATHS.adminStatus, element: <AdminStatusRoute /> },
      { path: PATHS.adminAudit, element: <AdminAuditRoute /> },
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
