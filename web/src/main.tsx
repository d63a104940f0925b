import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { preloadFirstPageParts } from './app/preload';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { ignoreExtensionErrors } from './components/overlays/ignore-extension-errors';
import { registerServiceWorker } from './components/pwa/register-service-worker';

ignoreExtensionErrors();
registerServiceWorker();

const store = makeStore();
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
// render() only schedules the first render: these downloads start before it runs.
preloadFirstPageParts(window.location.pathname);
