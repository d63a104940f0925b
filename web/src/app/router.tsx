import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { AccountSettingsPage } from '../features/account';
import { AuthPage, RequireAuth, ResetPasswordPage, useCurrentUser } from '../features/auth';
import { HomePage } from '../features/home';
import {
  AboutPage,
  BleedKitInfoPage,
  CabinetOptionsPage,
  ConstitutionPage,
  ContactPage,
  CookiePolicyPage,
  DonatePage,
  FirstAidTrainingPage,
  PrivacyPolicyPage,
} from '../features/pages';
import { RootLayout } from './root-layout';

/** Features do not import each other: the shell hands the signed-in user to the pages that need it. */
function AccountSettingsRoute() {
  const { user } = useCurrentUser();
  return user ? <AccountSettingsPage user={user} /> : null;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/account-settings', element: <AccountSettingsRoute /> }],
      },
      { path: '/about', element: <AboutPage /> },
      { path: '/bleed-kit-info', element: <BleedKitInfoPage /> },
      { path: '/first-aid-training', element: <FirstAidTrainingPage /> },
      { path: '/cabinet-options', element: <CabinetOptionsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/cookie-policy', element: <CookiePolicyPage /> },
      { path: '/constitution', element: <ConstitutionPage /> },
      { path: '/donate', element: <DonatePage /> },
      { path: '/contact', element: <ContactPage /> },
      // /register-kit, /dashboard, /admin and /statistics arrive with their own features.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
