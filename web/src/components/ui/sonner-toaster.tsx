import { useEffect } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { followToastLink, setToastListener, type ToastMessage } from '@/lib/toast';

function body(description: string | undefined, link: ToastMessage['link']) {
  if (!link) return description;
  return (
    <span className="grid gap-1">
      {description ? <span>{description}</span> : null}
      <a
        href={link.href}
        className="font-medium underline"
        onClick={(e) => {
          e.preventDefault();
          followToastLink(link.href);
        }}
      >
        {link.label}
      </a>
    </span>
  );
}

function show({ title, description, variant = 'default', link }: ToastMessage) {
  // The same message twice is one toast: sonner updates a toast with the same id.
  const id = `${variant}\u0000${title}\u0000${description ?? ''}\u0000${link?.href ?? ''}`;
  const shown = body(description, link);
  const opts = shown ? { id, description: shown } : { id };
  if (variant === 'destructive') sonnerToast.error(title, opts);
  else if (variant === 'success') sonnerToast.success(title, opts);
  else sonnerToast(title, opts);
}

/** sonner's Toaster (docs/product.md §9: 5000 ms default duration). Loaded lazily by <ToasterHost>. */
export default function SonnerToaster({ theme }: { theme: 'light' | 'dark' }) {
  // Child effects run after sonner's own subscription is set up, so queued toasts are not lost.
  useEffect(() => {
    setToastListener(show);
    return () => setToastListener(null);
  }, []);
  // Bottom right: toasts never cover the header's Sign Out, theme toggle and menu.
  return <Toaster theme={theme} duration={5000} closeButton position="bottom-right" />;
}
