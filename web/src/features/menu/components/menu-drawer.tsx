import { MENU, type MenuItem } from '@bankmanager/contracts/menu';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { soonProps, SoonBadge, SoonDescription, useIsBuilt } from './soon-mark';

const DRAWER_SOON_ID = 'menu-drawer-soon';

function DrawerTree({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const isBuilt = useIsBuilt();
  return (
    <ul className="grid gap-1">
      {items.map((item) =>
        item.subMenus?.length ? (
          <li key={item.code}>
            {/* Native disclosure: keyboard and screen-reader behaviour for free. */}
            <details>
              <summary className="hover:bg-accent focus-visible:ring-ring cursor-pointer rounded-md px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2">
                {item.name}
              </summary>
              <div className="border-l pl-3">
                <DrawerTree items={item.subMenus} onNavigate={onNavigate} />
              </div>
            </details>
          </li>
        ) : (
          <li key={item.code}>
            <Link
              to={item.path}
              onClick={onNavigate}
              {...(isBuilt(item) ? {} : soonProps(DRAWER_SOON_ID))}
              className={cn(
                'hover:bg-accent focus-visible:ring-ring flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm outline-none focus-visible:ring-2',
                !isBuilt(item) && 'text-muted-foreground',
              )}
            >
              {item.name}
              {isBuilt(item) ? null : <SoonBadge />}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/** The menu on narrow screens (< 768 px): a side drawer over a Radix Dialog. */
export function MenuDrawer({
  items = MENU,
  className,
  footer,
}: {
  items?: MenuItem[];
  className?: string;
  /** e.g. the branch selector */ footer?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={className}>
          <Menu aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent placement="left" size={null}>
        <div className="flex items-center justify-between">
          <DialogTitle>Menu</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close menu">
              <X aria-hidden />
            </Button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">Banking modules</DialogDescription>
        <nav aria-label="Main menu">
          <DrawerTree items={items} onNavigate={() => setOpen(false)} />
          <SoonDescription id={DRAWER_SOON_ID} />
        </nav>
        {footer ? <div className="mt-auto border-t pt-4">{footer}</div> : null}
      </DialogContent>
    </Dialog>
  );
}
