import { lazy, Suspense, useEffect, useState } from 'react';
import { hasPendingToasts, setToastListener, toast } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** Mounts the real toaster the first time a toast is raised. */
export function ToasterHost({ theme }: { theme: 'light' | 'dark' }) {
  const [active, setActive] = useState(hasPendingToasts);
  useEffect(() => {
    if (active) return;
    setToastListener((t) => {
      setToastListener(null);
      toast(t); // re-queue for the real toaster
      setActive(true);
    });
    return () => setToastListener(null);
  }, [active]);
  return active ? (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} />
    </Suspense>
  ) : null;
}
