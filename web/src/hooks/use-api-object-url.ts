import { useEffect, useState } from 'react';
import { apiBlob } from '@/lib/api-client';

export interface ObjectUrlState {
  url: string | null;
  error: string | null;
}

/**
 * A blob URL for an authenticated /api file (images cannot send the bearer token themselves); the URL
 * is revoked when the path changes or the component goes, so photos do not pile up in memory.
 */
export function useApiObjectUrl(path: string | null): ObjectUrlState {
  const [state, setState] = useState<ObjectUrlState>({ url: null, error: null });
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    let url: string | null = null;
    apiBlob(path, ctrl.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, error: null });
      })
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted)
          setState({ url: null, error: err instanceof Error ? err.message : 'Could not load the file' });
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
      setState({ url: null, error: null });
    };
  }, [path]);
  return state;
}
