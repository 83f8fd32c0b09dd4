import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import * as client from '@/lib/api-client';

type Stub = (...args: never) => unknown;

/**
 * Tests only: replaces `target`'s functions named in `stubs` (an object's methods, or a module's
 * exports through `import * as`) for each test of the calling file, and puts the real ones back after
 * it. Unlike `vi.mock`, a spy lets the file run in its worker's shared module graph (root
 * vitest.config.ts); the files that run after it there must find the real functions.
 */
export function stubFunctions<T extends object>(target: T, stubs: { [K in keyof T]?: Stub }): void {
  const spies: MockInstance[] = [];
  beforeEach(() => {
    for (const [name, stub] of Object.entries(stubs))
      spies.push(vi.spyOn(target as Record<string, Stub>, name).mockImplementation(stub as Stub));
  });
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
}

/** Stand-ins for `api`'s methods: each gets the method's arguments, and its result is returned as is. */
interface ApiStubs {
  get?(path: string, opts?: unknown): unknown;
  post?(path: string, opts?: unknown): unknown;
  put?(path: string, opts?: unknown): unknown;
  patch?(path: string, opts?: unknown): unknown;
}

/** `stubFunctions` for '@/lib/api-client': `api`'s methods, and the file helpers it exports. */
export function stubApiClient({
  api,
  ...functions
}: {
  api?: ApiStubs;
  apiBlob?(path: string, signal?: AbortSignal): unknown;
  apiDownload?(path: string, filename: string): unknown;
  apiUpload?(path: string, form: FormData): unknown;
}): void {
  if (api) stubFunctions(client.api, api);
  stubFunctions(client, functions);
}
