import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { makeStore, type AppStore } from '@/app/store';
import { Toaster } from '@/components/toasts/toaster';

export type AppRender = RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> };

/**
 * Renders with a real store, theme and a memory router. Pass either a single element (mounted at every path)
 * or a route table; a Toaster is mounted so toasts can be asserted.
 */
export function renderApp(
  ui: ReactElement | RouteObject[],
  { path = '/', store = makeStore() }: { path?: string; store?: AppStore } = {},
): AppRender {
  const routes: RouteObject[] = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </AppProviders>,
  );
  return { ...result, store, router };
}
