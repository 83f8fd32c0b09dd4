import type { MenuItem } from '@bankmanager/contracts/menu';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { soonProps, SoonBadge, SoonDescription, useIsBuilt } from './soon-mark';

export interface MegaPanelProps {
  item: MenuItem;
  id: string;
  activeSub: number;
  onActivateSub: (index: number) => void;
  onNavigate: () => void;
  onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => void;
  panelRef: React.Ref<HTMLDivElement>;
}

const itemClass =
  'focus-visible:ring-ring block w-full rounded-md px-3 py-2 text-left text-sm outline-none focus-visible:ring-2 hover:bg-accent hover:text-accent-foreground';

/** Second level listed at left, third-level cards (name + description) at right (docs/product.md §2). */
export function MegaPanel({
  item,
  id,
  activeSub,
  onActivateSub,
  onNavigate,
  onKeyDown,
  panelRef,
}: MegaPanelProps) {
  const isBuilt = useIsBuilt();
  const soonId = `${id}-soon`;
  const subs = item.subMenus ?? [];
  const current = subs[activeSub];
  const cards = current ? (current.subMenus ?? [current]) : [];
  return (
    <div
      ref={panelRef}
      id={id}
      role="menu"
      tabIndex={-1}
      aria-label={item.name}
      onKeyDown={onKeyDown}
      className="bg-card text-card-foreground absolute inset-x-0 top-full z-40 grid grid-cols-[minmax(14rem,18rem)_1fr] gap-4 border-b p-4 shadow-lg"
    >
      <ul role="none" className="border-r pr-3">
        {subs.map((sub, j) => {
          const selected = j === activeSub;
          const built = isBuilt(sub);
          const common = {
            role: 'menuitem' as const,
            'data-level': 2,
            'data-index': j,
            tabIndex: -1,
            onMouseEnter: () => onActivateSub(j),
            onFocus: () => onActivateSub(j),
            className: cn(
              itemClass,
              !built && 'text-muted-foreground',
              selected && 'bg-accent text-accent-foreground font-medium',
            ),
            ...(built ? {} : soonProps(soonId)),
          };
          return (
            <li role="none" key={sub.code}>
              {sub.subMenus?.length ? (
                <button
                  type="button"
                  aria-haspopup="menu"
                  aria-expanded={selected}
                  {...common}
                  onClick={() => onActivateSub(j)}
                >
                  <span className="flex items-center justify-between gap-2">
                    {sub.name}
                    <span className="flex items-center gap-2">
                      {built ? null : <SoonBadge />}
                      <ChevronRight aria-hidden className="size-3.5 shrink-0" />
                    </span>
                  </span>
                </button>
              ) : (
                <Link to={sub.path} {...common} onClick={onNavigate}>
                  <span className="flex items-center justify-between gap-2">
                    {sub.name}
                    {built ? null : <SoonBadge />}
                  </span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <ul role="none" className="grid content-start gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => {
          const built = isBuilt(card);
          return (
            <li role="none" key={card.code}>
              <Link
                to={card.path}
                role="menuitem"
                tabIndex={-1}
                data-level={3}
                onClick={onNavigate}
                {...(built ? {} : soonProps(soonId))}
                className={cn(
                  'focus-visible:ring-ring hover:bg-accent hover:text-accent-foreground block h-full rounded-lg border p-3 outline-none focus-visible:ring-2',
                  !built && 'text-muted-foreground border-dashed',
                )}
              >
                <span className="flex items-center justify-between gap-2 text-sm font-medium">
                  {card.name}
                  {built ? null : <SoonBadge />}
                </span>
                <span className="text-muted-foreground mt-1 block text-xs">{card.description}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <SoonDescription id={soonId} />
    </div>
  );
}
