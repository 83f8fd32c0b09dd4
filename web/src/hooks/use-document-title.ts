import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** The browser tab's text: the page, then the product, so open tabs tell apart. */
export const documentTitle = (page?: string) => (page ? `${page} – BankManager` : 'BankManager');

/**
 * Sets the tab's title to this screen's own (a customer's page, their name). It runs again when the
 * path changes, after the route's default title (below), so the screen's own title wins.
 */
export function useDocumentTitle(page: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page, pathname]);
}

/**
 * The route's default title (its menu entry's name), for every screen that sets none of its own. A
 * layout effect runs before the screen's passive effects in the same render, so a screen that calls
 * useDocumentTitle overrides it.
 */
export function useDefaultDocumentTitle(page: string | undefined): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page, pathname]);
}
