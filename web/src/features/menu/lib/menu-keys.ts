/** Next index in a ring of `length` items (WAI-ARIA menubar arrows wrap around). */
export function wrapIndex(index: number, delta: number, length: number): number {
  return (((index + delta) % length) + length) % length;
}

/** The menu items currently in a container, in DOM order. */
export function menuItemsIn(container: HTMLElement | null): HTMLElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
