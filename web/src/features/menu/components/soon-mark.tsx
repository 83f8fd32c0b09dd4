import type { MenuItem } from '@bankmanager/contracts/menu';
import { Badge } from '@/components/ui/badge';
import { useHasScreen } from '@/lib/screens';

export const SOON_TEXT = 'Not available yet: this module has no screens yet';

/**
 * Which entries are built: an entry with a screen of its own (a route other than the module page),
 * or a section with one somewhere below it. From the router's table (lib/screens), so a new screen
 * loses its mark the day its route is added.
 */
export function useIsBuilt(): (item: MenuItem) => boolean {
  const hasScreen = useHasScreen();
  const built = (item: MenuItem): boolean => hasScreen(item.path) || !!item.subMenus?.some(built);
  return built;
}

/** The props that mark an entry not built yet: dimmed, a tooltip, and the words for screen readers. */
export const soonProps = (descriptionId: string) => ({
  title: SOON_TEXT,
  'aria-describedby': descriptionId,
  'data-soon': true,
});

/** The visible "Soon" badge (its words reach screen readers through the description, once). */
export function SoonBadge() {
  return (
    <Badge variant="outline" aria-hidden className="text-muted-foreground shrink-0 font-normal">
      Soon
    </Badge>
  );
}

/** The one description every marked entry of a menu points to. */
export function SoonDescription({ id }: { id: string }) {
  return (
    <span id={id} className="sr-only">
      {SOON_TEXT}
    </span>
  );
}
