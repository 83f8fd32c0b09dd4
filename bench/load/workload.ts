// The mixed workload of one connection: what staff do all day, in rough proportion. Each request's
// latency is recorded under its route; any answer other than the expected 2xx is an error.
import type { CustomerLookup, TransactionsPage } from '@bankmanager/contracts';
import type { LoadFixture, Session } from './setup.ts';

export interface Recorder {
  record(route: string, ms: number, ok: boolean, detail?: string): void;
}

const TERMS = ['kam', 'bangura', 'sesay', '7826', 'kor', 'conteh', '0763', 'mansaray'];
const SORTS = ['id', 'name', 'mobile', 'balance'] as const;
const MAX_PAGE = 100_000; // 1,000,000 customers at 10 per page

/** One connection's loop: a session of its own (refreshes rotate it) and customers of its own (no 409s). */
export class Connection {
  private customerTurn = 0;
  private rec: Recorder = { record: () => undefined };
  constructor(
    private readonly fx: LoadFixture,
    private session: Session,
    private readonly customers: number[],
    private readonly random: () => number,
  ) {}

  async runUntil(deadline: number, rec: Recorder): Promise<void> {
    this.rec = rec;
    while (Date.now() < deadline) await this.step();
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private async call<T>(
    route: string,
    path: string,
    init: RequestInit = {},
    auth = true,
  ): Promise<T | undefined> {
    const headers = new Headers(init.headers);
    if (auth) headers.set('authorization', `Bearer ${this.session.access}`);
    const started = performance.now();
    try {
      const res = await fetch(`${this.fx.server.url}${path}`, { ...init, headers });
      const text = await res.text();
      this.rec.record(
        route,
        performance.now() - started,
        res.ok,
        res.ok ? undefined : `${res.status} ${text.slice(0, 200)}`,
      );
      return res.ok ? (JSON.parse(text) as T) : undefined;
    } catch (err) {
      this.rec.record(route, performance.now() - started, false, String(err));
      return undefined;
    }
  }

  private async step(): Promise<void> {
    const r = this.random() * 100;
    if (r < 20) await this.call('GET /api/user/status', '/api/user/status');
    else if (r < 35) await this.search();
    else if (r < 45) await this.page();
    else if (r < 60)
      await this.call('GET /api/accounts/:number', `/api/accounts/${this.pick(this.fx.accounts)}`);
    else if (r < 75) await this.transactions();
    else if (r < 80) await this.refresh();
    else await this.saveSubscription();
  }

  private sortQuery(): string {
    return `sort=${this.pick(SORTS)}&order=${this.random() < 0.5 ? 'asc' : 'desc'}&pageSize=10`;
  }

  private search() {
    const q = encodeURIComponent(this.pick(TERMS));
    return this.call(
      'GET /api/registered-users?q (search)',
      `/api/registered-users?q=${q}&page=1&${this.sortQuery()}`,
    );
  }

  private page() {
    const page = 1 + Math.floor(this.random() * MAX_PAGE);
    return this.call(
      'GET /api/registered-users (page)',
      `/api/registered-users?page=${page}&${this.sortQuery()}`,
    );
  }

  /** The first page of an account's history, then the next one by its cursor, as "View More" does. */
  private async transactions() {
    const base = `/api/accounts/${this.pick(this.fx.accounts)}/transactions?limit=10`;
    const first = await this.call<TransactionsPage>('GET /api/accounts/:number/transactions', base);
    if (first?.nextCursor) {
      await this.call(
        'GET /api/accounts/:number/transactions',
        `${base}&cursor=${encodeURIComponent(first.nextCursor)}`,
      );
    }
  }

  private async refresh() {
    const next = await this.call<{ access_token: string; refresh_token: string }>(
      'POST /auth/v1/token (refresh)',
      '/auth/v1/token?grant_type=refresh_token',
      {
        method: 'POST',
        headers: { apikey: this.fx.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: this.session.refresh }),
      },
      false,
    );
    if (next) this.session = { access: next.access_token, refresh: next.refresh_token };
  }

  /** The form's round trip: look the customer up, then save with the version read (flips mb_sub). */
  private async saveSubscription() {
    const custId = this.customers[this.customerTurn++ % this.customers.length]!;
    const found = await this.call<CustomerLookup>('GET /api/customers/:id', `/api/customers/${custId}`);
    const sub = found?.subscription;
    if (!sub) return;
    await this.call(
      'PUT /api/registered-users/:custId/subscription',
      `/api/registered-users/${custId}/subscription`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          mobile_no: sub.mobile_no,
          pay_acct: sub.pay_acct,
          mb_sub: !sub.mb_sub,
          version: sub.version,
        }),
      },
    );
  }
}
