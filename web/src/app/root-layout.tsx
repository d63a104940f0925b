import { Outlet, ScrollRestoration } from 'react-router';
import { SiteLayout } from '@/components/layout';
import { AppHeader } from './app-header';

export function RootLayout() {
  return (
    <SiteLayout header={<AppHeader />}>
      <Outlet />
      <ScrollRestoration />
    </SiteLayout>
  );
}
