import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '@/components/feedback/loading';
import { RouteErrorBoundary } from '@/features/errors/route-error-boundary';

/**
 * A route element that loads its screen lazily (its own chunk) inside its own error boundary.
 * We use React Router's declarative mode: its data-router code costs ~17 KB gzip more, which
 * the 150 KB budget for / + /signin cannot afford.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return function RoutePage() {
    const location = useLocation();
    return (
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}
