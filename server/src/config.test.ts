import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { ConfigError, ENV_VARIABLES, defaultPoolSize, loadConfig, ROOT_DIR } from './config.ts';

describe('loadConfig', () => {
  it('defaults to embedded mode with demo data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.join(ROOT_DIR, '.data'));
    expect(c.demoData).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('sizes the database pool to twice the cores unless DB_POOL_MAX says otherwise', () => {
    expect(loadConfig({}).dbPoolMax).toBe(2 * availableParallelism());
    expect(loadConfig({ DB_POOL_MAX: '10' }).dbPoolMax).toBe(10);
    expect(defaultPoolSize(1)).toBe(2);
    expect(defaultPoolSize(16)).toBe(32);
    expect(defaultPoolSize(512)).toBe(200);
  });

  it('turns demo data off by default when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    expect(c.demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DEMO_DATA: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'DEMO_DATA']) expect(message).toContain(name);
  });

  it('takes an opening business date only as a day the calendar has', () => {
    expect(loadConfig({ OPENING_BUSINESS_DATE: '2028-02-29' }).eod.openingDate).toBe('2028-02-29');
    expect(loadConfig({}).eod.openingDate).toBeUndefined();
    for (const bad of ['2026-02-30', '31/12/2026', 'tomorrow'])
      expect(() => loadConfig({ OPENING_BUSINESS_DATE: bad })).toThrow(/OPENING_BUSINESS_DATE/);
  });

  it('stops the real server start-up with a non-zero exit naming the bad variables', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT_DIR, 'server/src/server.ts')],
      {
        env: { ...process.env, PORT: '-1', PUBLIC_URL: 'not a url', DATA_DIR: 'memory://' },
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('PUBLIC_URL');
  });

  it('is documented: the README has a table row for every variable', () => {
    const readme = fs.readFileSync(path.join(ROOT_DIR, 'README.md'), 'utf8');
    for (const name of ENV_VARIABLES) expect(readme, name).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});
