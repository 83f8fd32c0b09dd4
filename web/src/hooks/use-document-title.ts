import { useEffect } from 'react';

/** The browser tab's text: the page, then the product (issue 22 B.16). */
export const documentTitle = (page?: string) => (page ? `${page} – BankManager` : 'BankManager');

/** Sets the tab's title to this screen's (each route sets its own; a customer's page, their name). */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
