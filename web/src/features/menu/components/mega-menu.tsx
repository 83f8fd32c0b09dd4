import { MENU, type MenuItem } from '@bankmanager/contracts/menu';
import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { menuItemsIn, wrapIndex } from '../lib/menu-keys';
import { MegaPanel } from './mega-panel';

/**
 * The top menu bar (docs/product.md §2.3 "Menu behaviour") following the WAI-ARIA menubar pattern: Left/Right
 * move between top items, Down/Enter/Space open and enter the panel, Up/Down move inside it, Escape closes
 * and returns focus, Tab leaves. Hovering or focusing a top item opens its mega panel.
 */
export function MegaMenu({ items = MENU, className }: { items?: MenuItem[]; className?: string }) {
  const navigate = useNavigate();
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const [activeSub, setActiveSub] = useState(0);
  const [tabStop, setTabStop] = useState(0);
  const topRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelRef = useRef<HTMLDivElement | null>(null);
  // Focus we move back onto a top item after Escape must not reopen its panel.
  const quietFocus = useRef(false);
  // A click toggles only a panel that an earlier click opened: hover and the click's own focus open the
  // panel first, and the click that follows must keep it open, not close what the user came to see.
  const openedByClick = useRef(false);

  const openAt = (i: number) => {
    if (open !== i) {
      setActiveSub(0);
      openedByClick.current = false;
    }
    setOpen(items[i]?.subMenus?.length ? i : null);
    setTabStop(i);
  };
  const clickTop = (i: number) => {
    if (open === i && openedByClick.current) return close();
    openAt(i);
    openedByClick.current = true;
  };
  const close = () => setOpen(null);
  const focusTop = (i: number, quiet = false) => {
    quietFocus.current = quiet;
    topRefs.current[i]?.focus();
    quietFocus.current = false;
  };
  /** Opens a panel and focuses its first or last item once it has rendered. */
  const enterPanel = (i: number, last = false) => {
    openAt(i);
    requestAnimationFrame(() => {
      const list = menuItemsIn(panelRef.current);
      (last ? list.at(-1) : list[0])?.focus();
    });
  };

  function onTopKeyDown(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const item = items[i];
    const n = items.length;
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowLeft': {
        e.preventDefault();
        focusTop(wrapIndex(i, e.key === 'ArrowRight' ? 1 : -1, n));
        return;
      }
      case 'Home':
      case 'End':
        e.preventDefault();
        focusTop(e.key === 'Home' ? 0 : n - 1);
        return;
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Enter':
      case ' ': {
        e.preventDefault();
        if (item?.subMenus?.length) enterPanel(i, e.key === 'ArrowUp');
        else if (item) void navigate(item.path);
        return;
      }
      case 'Escape':
        close();
        return;
      case 'Tab':
        close();
        return;
    }
  }

  function onPanelKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (open === null) return;
    const list = menuItemsIn(panelRef.current);
    const current = document.activeElement as HTMLElement | null;
    const idx = current ? list.indexOf(current) : -1;
    const level = current?.dataset.level;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        list[wrapIndex(idx, e.key === 'ArrowDown' ? 1 : -1, list.length)]?.focus();
        return;
      case 'Home':
      case 'End':
        e.preventDefault();
        (e.key === 'Home' ? list[0] : list.at(-1))?.focus();
        return;
      case 'ArrowRight':
        e.preventDefault();
        // From a group in the left list, step into its cards; otherwise on to the next top menu.
        if (level === '2' && current?.getAttribute('aria-haspopup')) {
          list.find((el) => el.dataset.level === '3')?.focus();
        } else enterPanel(wrapIndex(open, 1, items.length));
        return;
      case 'ArrowLeft':
        e.preventDefault();
        if (level === '3')
          list.find((el) => el.dataset.level === '2' && Number(el.dataset.index) === activeSub)?.focus();
        else enterPanel(wrapIndex(open, -1, items.length));
        return;
      case 'Enter':
      case ' ':
        if (level === '2' && current?.getAttribute('aria-haspopup')) {
          e.preventDefault();
          requestAnimationFrame(() =>
            menuItemsIn(panelRef.current)
              .find((el) => el.dataset.level === '3')
              ?.focus(),
          );
        }
        return;
      case 'Escape': {
        e.preventDefault();
        const top = open;
        close();
        focusTop(top, true);
        return;
      }
      case 'Tab':
        close();
        return;
    }
  }

  const openItem = open === null ? undefined : items[open];
  return (
    <nav
      aria-label="Main menu"
      className={cn('relative', className)}
      onMouseLeave={close}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) close();
      }}
    >
      <ul role="menubar" aria-label="Main menu" className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => {
          const hasPanel = !!item.subMenus?.length;
          return (
            <li role="none" key={item.code} onMouseEnter={() => openAt(i)}>
              <button
                ref={(el) => {
                  topRefs.current[i] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={tabStop === i ? 0 : -1}
                aria-haspopup={hasPanel ? 'menu' : undefined}
                aria-expanded={hasPanel ? open === i : undefined}
                aria-controls={hasPanel && open === i ? `${baseId}-panel` : undefined}
                onFocus={() => (quietFocus.current ? setTabStop(i) : openAt(i))}
                onClick={() => (hasPanel ? clickTop(i) : void navigate(item.path))}
                onKeyDown={(e) => onTopKeyDown(e, i)}
                className={cn(
                  'focus-visible:ring-ring hover:bg-accent hover:text-accent-foreground inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2',
                  open === i && 'bg-accent text-accent-foreground',
                )}
              >
                {item.name}
                {hasPanel ? <ChevronDown aria-hidden className="size-3.5" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
      {openItem ? (
        <MegaPanel
          item={openItem}
          id={`${baseId}-panel`}
          activeSub={activeSub}
          onActivateSub={setActiveSub}
          onNavigate={close}
          onKeyDown={onPanelKeyDown}
          panelRef={panelRef}
        />
      ) : null}
    </nav>
  );
}
