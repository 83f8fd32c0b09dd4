import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPermission, type Permission } from '@bankmanager/contracts/permission-defs';
import { supabase } from '@/lib/supabase';

/** One page of a folder: what the storage service lists (folders have a null id). */
export const OBJECTS_PAGE_SIZE = 50;

export interface LibraryEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  metadata: { size?: number; mimetype?: string } | null;
}

/** The stock storage client's `{ data, error }` as a value or a thrown Error (for TanStack Query). */
async function unwrap<T>(p: Promise<{ data: T | null; error: Error | null }>): Promise<T> {
  const { data, error } = await p;
  if (error) throw new Error(error.message);
  return data as T;
}

/**
 * A bucket's objects are listed only for holders of its read permission; a bucket without one (the
 * retired legacy buckets) is the service role's alone, superusers included. The library offers only
 * the buckets the caller can open.
 */
export const mayOpenBucket = (b: object, can: (p: Permission) => boolean): boolean => {
  // The server's bucket answer carries its permission columns beside the stock client's fields.
  const read = (b as { read_permission?: unknown }).read_permission;
  return typeof read === 'string' && isPermission(read) && can(read);
};

export function useBuckets() {
  return useQuery({
    queryKey: ['storage-buckets'],
    queryFn: () => unwrap(supabase.storage.listBuckets()),
    retry: false,
  });
}

/** A folder's entries, `OBJECTS_PAGE_SIZE` at a time; one more is asked for to know if a next page exists. */
export function useObjects(bucket: string | undefined, prefix: string, page: number) {
  return useQuery({
    queryKey: ['storage-objects', bucket, prefix, page],
    enabled: bucket !== undefined,
    queryFn: async () => {
      const rows = await unwrap<LibraryEntry[]>(
        supabase.storage.from(bucket!).list(prefix, {
          limit: OBJECTS_PAGE_SIZE + 1,
          offset: page * OBJECTS_PAGE_SIZE,
          sortBy: { column: 'name', order: 'asc' },
        }),
      );
      return { rows: rows.slice(0, OBJECTS_PAGE_SIZE), hasNext: rows.length > OBJECTS_PAGE_SIZE };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A short-lived signed URL for one object (preview, or download as a named attachment). */
export async function signedUrl(bucket: string, path: string, download?: string): Promise<string> {
  const result = await unwrap(
    supabase.storage.from(bucket).createSignedUrl(path, 60, download ? { download } : undefined),
  );
  return result.signedUrl;
}

export function useRemoveObject(bucket: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => unwrap(supabase.storage.from(bucket!).remove([path])),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['storage-objects', bucket] }),
  });
}
