import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteLayout } from '@/components/layout';
import { AppHeader } from './app-header';
import { PageLoading } from './page-loading';

export function RootLayout() {
  return (
    <SiteLayout header={<AppHeader />}>
      {/* Pages other than home load on first visit (router.tsx): header and footer stay while one arrives. */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </SiteLayout>
  );
}
