import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { APP_ROUTES, AppRoutes } from '@/app/router';
import { ScreensContext } from '@/lib/screens';
import '@/styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <ScreensContext value={APP_ROUTES}>
          <AppRoutes />
        </ScreensContext>
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
