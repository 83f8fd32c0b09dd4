import { createContext, useContext } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/**
 * The app's route table as data (app/router.tsx provides it), so the menu can tell which entries open a
 * screen of their own and which only the module page: one source of truth, the router itself.
 * Without it (a component rendered alone) every entry counts as built.
 */
export const ScreensContext = createContext<RouteObject[] | null>(null);

/** Whether `path` opens a screen of its own, not the catch-all's "not yet available" module page. */
export function useHasScreen(): (path: string) => boolean {
  const routes = useContext(ScreensContext);
  return (path) => {
    if (!routes) return true;
    const last = matchRoutes(routes, path)?.at(-1);
    return !!last && last.route.path !== '*';
  };
}
