import { defineProject } from 'vitest/config';
import { NEEDS_OWN_PROCESS, serverTests } from './vitest.config.ts';

// The server files that cannot share a worker (see NEEDS_OWN_PROCESS), each in a process of its own.
export default defineProject({
  test: { ...serverTests, name: 'server-isolated', include: NEEDS_OWN_PROCESS, isolate: true },
});
