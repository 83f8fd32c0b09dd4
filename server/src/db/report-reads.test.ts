import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_SOURCE_HEADERS as H, type ExecutiveDashboard } from '@bankmanager/contracts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../../test/support/harness.ts';
import { staffUsers, type StaffUser } from '../../test/support/staff-users.ts';

// The replica itself is tested on a real one: test/reliability/read-replica.reliability.ts.
describe('reports without a read replica', () => {
  let t: TestApp;
  let boss: StaffUser;
  beforeAll(async () => {
    t = await createTestApp();
    boss = await (await staffUsers(t.app)).make('superuser', 'noreplica');
  }, 120_000);
  afterAll(() => t.close());

  it('reads from the primary and says so', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/executive-dashboard',
      headers: { authorization: boss.auth },
    });
    expect(res.statusCode).toBe(200);
    const served = res.json<ExecutiveDashboard>().served;
    expect(served).toMatchObject({ source: 'primary', lagSeconds: null, stale: false });
    expect(Math.abs(Date.parse(served!.asOf) - Date.now())).toBeLessThan(60_000);
    expect(res.headers[H.source]).toBe('primary');
    expect(res.headers[H.lagSeconds]).toBeUndefined();
  });
});

describe('read replica settings', () => {
  it('default to no replica, a 60 s bound and falling back to the primary', () => {
    expect(loadConfig({}).readReplica).toEqual({ url: undefined, maxLagSeconds: 60, onLag: 'primary' });
  });

  it('take a replica of a PostgreSQL primary and the as-of behaviour', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@primary/bank',
      DATABASE_READ_URL: 'postgres://r@replica/bank',
      REPORT_REPLICA_MAX_LAG_SECONDS: '5',
      REPORT_REPLICA_ON_LAG: 'as_of',
    });
    expect(c.readReplica).toEqual({ url: 'postgres://r@replica/bank', maxLagSeconds: 5, onLag: 'as_of' });
  });

  it('refuse a replica without a PostgreSQL primary, and bad values, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://r@replica/bank' })).toThrow(/DATABASE_READ_URL/);
    let error: unknown;
    try {
      loadConfig({
        DATABASE_READ_URL: 'mysql://x',
        REPORT_REPLICA_ON_LAG: 'later',
        REPORT_REPLICA_MAX_LAG_SECONDS: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    for (const name of ['DATABASE_READ_URL', 'REPORT_REPLICA_ON_LAG', 'REPORT_REPLICA_MAX_LAG_SECONDS'])
      expect((error as ConfigError).message).toContain(name);
  });
});
