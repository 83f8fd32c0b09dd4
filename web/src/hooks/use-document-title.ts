import { useEffect } from 'react';

/** The browser tab's text: the page, then the product, so open tabs tell apart. */
export const documentTitle = (page?: string) => (page ? `${page} – BankManager` : 'BankManager');

/** Sets the tab's title to this screen's (each route sets its own; a customer's page, their name). */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
