import { useEffect } from 'react';
import { Toaster, toast as sonnerToast } from 'sonner';
import { setToastListener, type ToastMessage } from '@/lib/toast';

function show({ title, description, variant = 'default' }: ToastMessage) {
  // The same message twice is one toast: sonner updates a toast with the same id.
  const id = `${variant}\u0000${title}\u0000${description ?? ''}`;
  const opts = description ? { id, description } : { id };
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
