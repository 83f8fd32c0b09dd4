/**
 * A new idempotency reference for one request (letters, digits and "-", as the contracts allow): made
 * once per form, so a double click or a retry after a timeout sends the same one and the server
 * answers its first result instead of acting twice.
 */
export function newClientReference(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 6);
  return `${prefix}-${Date.now().toString(36)}${random}`.toUpperCase();
}
