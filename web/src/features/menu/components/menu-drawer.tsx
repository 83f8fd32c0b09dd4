import { MENU, type MenuItem } from '@bankmanager/contracts/menu';
import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

function DrawerTree({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
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
              className="hover:bg-accent focus-visible:ring-ring block rounded-md px-3 py-2 text-sm outline-none focus-visible:ring-2"
            >
              {item.name}
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className={className}>
          <Menu aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="bg-background text-foreground fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 overflow-y-auto border-r p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Banking modules</Dialog.Description>
          <nav aria-label="Main menu">
            <DrawerTree items={items} onNavigate={() => setOpen(false)} />
          </nav>
          {footer ? <div className="mt-auto border-t pt-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
