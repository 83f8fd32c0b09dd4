/** Avatar letter (docs/product.md §2): first letter of the full name, else of the email, else 'U'. */
export function userInitial(
  user: { email?: string | null; user_metadata?: Record<string, unknown> | null } | null | undefined,
): string {
  const fullName = user?.user_metadata?.fullName;
  for (const source of [typeof fullName === 'string' ? fullName : '', user?.email ?? '']) {
    const ch = source.trim().charAt(0);
    if (ch) return ch.toUpperCase();
  }
  return 'U';
}
