import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { seedDemo } from '../../src/demo-seed.ts';
import { staffUsers } from '../support/staff-users.ts';
import { answerProblems } from './answer-checks.ts';
import { buildRequest, describeRequest, toInject, type BuiltRequest } from './build-request.ts';
import { Callers } from './callers.ts';
import { loadPools, type Pools } from './pools.ts';
import type { FuzzCase } from './request-cases.ts';
import { RouteRecorder, familyOf, type FuzzRoute } from './route-registry.ts';

/** Runs and seed: `FUZZ_RUNS` random cases in all (spread over the routes), `FUZZ_SEED` to replay. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 150);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 232);

/** A stable seed per route, so adding a route does not change what the others are sent. */
export function routeSeed(route: FuzzRoute): number {
  let h = FUZZ_SEED | 0;
  for (const ch of route.key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

export interface Outcome {
  request: BuiltRequest;
  statusCode: number;
  /** The route that answered, if a route did. */
  routeKey: string | undefined;
  problems: string[];
}

/**
 * The app under fuzz: the real app on a fresh database with a small deterministic seed, real staff
 * callers, forged ones, and pools of existing ids. Auth limits are set high so that 429s do not
 * keep the fuzz from the handlers (429 is still a fine answer).
 */
export class FuzzWorld {
  private constructor(
    readonly t: TestApp,
    readonly recorder: RouteRecorder,
    readonly callers: Callers,
    readonly pools: Pools,
    private readonly webDistDir: string,
  ) {}

  static async create(): Promise<FuzzWorld> {
    const recorder = new RouteRecorder();
    // A stand-in SPA build, as production always has one: paths that resolve outside the APIs (`/api/..`)
    // get the page, not the 503 "web app is not built" of a checkout without `npm run build`.
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-fuzz-web-'));
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const t = await createTestApp(
      { webDistDir, auth: { lockoutAttempts: 1_000_000 } },
      { onRoute: recorder.onRoute },
    );
    await seedDemo(t.db, { customers: 12, transactionsPerAccount: 3, seed: 232 });
    const staff = await staffUsers(t.app);
    const callers = await Callers.create(t.app, staff.make);
    // Users the fuzz may ban, delete or demote, besides the demo superuser the seed made.
    await staff.make('pending', 'victim-pending');
    await staff.make('activated', 'victim-activated');
    const pools = await loadPools(t.db.db, callers.userIds);
    return new FuzzWorld(t, recorder, callers, pools, webDistDir);
  }

  get routes(): FuzzRoute[] {
    return [...this.recorder.routes].sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Sends one fuzz case and checks the answer (status, message, no leaks). */
  async send(route: FuzzRoute, c: FuzzCase): Promise<Outcome> {
    const request = buildRequest(route, c, this.callers);
    this.recorder.takeLast();
    const res = await this.t.app.inject(toInject(request));
    const routeKey = this.recorder.takeLast();
    const family = routeKey === undefined ? undefined : familyOf(routeKey.slice(routeKey.indexOf(' ') + 1));
    const problems = answerProblems(request.method, family, {
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body,
    });
    return { request, statusCode: res.statusCode, routeKey, problems };
  }

  async close(): Promise<void> {
    await this.t.close();
    fs.rmSync(this.webDistDir, { recursive: true, force: true });
  }
}

export const explain = (o: Outcome) =>
  `${describeRequest(o.request)}\n→ ${o.statusCode} ${o.problems.join('; ')}`;
