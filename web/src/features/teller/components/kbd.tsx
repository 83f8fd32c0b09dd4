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
