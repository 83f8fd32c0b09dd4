/** docs/product.md §4 sign-out: clear local and session storage and every cookie this page can see. */
export function clearBrowserState(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    /* storage blocked: nothing stored */
  }
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
