import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Per-route error boundary: one broken screen never blanks the whole app. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
      <h1 className="text-xl font-semibold">Something went wrong on this page</h1>
      <p className="text-muted-foreground text-sm">{message}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
