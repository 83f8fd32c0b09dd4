import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { RouteErrorBoundary } from '@/features/errors/route-error-boundary';
import { RootLayout } from '@/components/layout/root-layout';

/** Routes are lazy so each screen is its own chunk (the first visit loads only what it shows). */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          path: paths.landing,
          lazy: async () => ({ Component: (await import('@/features/landing/routes/landing')).LandingRoute }),
        },
        {
          path: paths.signIn,
          lazy: async () => ({ Component: (await import('@/features/auth/routes/sign-in')).SignInRoute }),
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('@/features/errors/not-found-route')).NotFoundRoute }),
        },
      ],
    },
  ]);
}
