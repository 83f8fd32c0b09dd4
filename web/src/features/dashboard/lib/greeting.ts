/**
 * docs/product.md §2: Good Morning before 12:00, Good Afternoon before 18:00, otherwise Good Evening (local
 * time).
 */
export function greetingFor(date: Date): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  const h = date.getHours();
  if (h < 12) return 'Good Morning';
  if (h < 18) return 'Good Afternoon';
  return 'Good Evening';
}
