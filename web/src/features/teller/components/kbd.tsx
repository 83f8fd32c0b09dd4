import type { ReactNode } from 'react';

/** A key as the screen shows its shortcut. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="bg-muted rounded border px-1.5 py-0.5 font-mono text-xs">{children}</kbd>;
}

/** The shortcuts a screen offers, shown where the user looks. */
export function ShortcutBar({ items }: { items: [key: string, label: string][] }) {
  return (
    <p
      aria-label="Keyboard shortcuts"
      className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden"
    >
      {items.map(([key, label]) => (
        <span key={key}>
          <Kbd>{key}</Kbd> {label}
        </span>
      ))}
    </p>
  );
}

/** A counter form's title with its two keys: Enter moves on (the last Enter does `lastEnter`), Esc cancels. */
export function CounterFormHeader({ title, lastEnter }: { title: string; lastEnter: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      <ShortcutBar
        items={[
          ['Enter', `next field / ${lastEnter}`],
          ['Esc', 'cancel'],
        ]}
      />
    </div>
  );
}
