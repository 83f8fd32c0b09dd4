import { bearer, type Session } from './auth-client.ts';
import { jsonInit, send, sleep, type Outcome } from './http.ts';
import type { Rng } from './prng.ts';

/** acked: a 2xx came back. refused: a definitive "no" (409). unknown: no answer ever came back. */
export type WriteState = 'acked' | 'refused' | 'unknown';

export interface PostingAttempt {
  reference: string;
  accountNumber: string;
  direction: 'credit' | 'debit';
  amount: string;
  state: WriteState;
  /** From the acknowledgement. */
  id?: string;
  balanceAfter?: string;
  /** How many times it reached the wire; more than once means retries with the same reference. */
  sends: number;
  /** The acknowledgement was a 200 replay: an earlier send, whose answer was lost, had posted it. */
  replayed?: boolean;
}

export interface SaveAttempt {
  custId: number;
  /** The version the client sent; applying it makes version expectedVersion + 1. */
  expectedVersion: number;
  mobile: string;
  mbSub: boolean;
  /** refused = 409 stale version (the client then reloads the version). */
  state: WriteState;
  version?: number;
}

/** Everything the clients sent and what they learned, for the verification after the last restart. */
export interface WriteLog {
  postings: Map<string, PostingAttempt>;
  saves: SaveAttempt[];
  /** Answers no correct server gives (500, 401, a reference conflict): each is a failure. */
  unexpected: string[];
}

export const newWriteLog = (): WriteLog => ({ postings: new Map(), saves: [], unexpected: [] });

export interface ClientOptions {
  index: number;
  base: string;
  session: Session;
  rng: Rng;
  /** Accounts every client posts to (shared, so postings contend for the same rows). */
  accounts: string[];
  /** The customer whose subscription only this client saves, with its payment account. */
  own: { custId: number; accountNumber: string; version: number };
  log: WriteLog;
  stopped: () => boolean;
}

const cents = (rng: Rng) => String(rng.int(0, 99)).padStart(2, '0');

/** One client: posts (70 %) and saves its subscription (30 %) until stopped, through every crash. */
export async function runClient(o: ClientOptions): Promise<void> {
  let retry: PostingAttempt | undefined;
  let version = o.own.version;
  let saves = 0;
  let postings = 0;
  const unexpected = (what: string, out: Outcome) =>
    o.log.unexpected.push(`client ${o.index} ${what}: ${JSON.stringify(out)}`);

  async function postOne(): Promise<void> {
    const debit = o.rng.chance(0.25);
    const a: PostingAttempt = retry ?? {
      reference: `CR-${o.index}-${++postings}`,
      accountNumber: o.rng.pick(o.accounts),
      direction: debit ? 'debit' : 'credit',
      // Now and then a debit far beyond any balance: a definitive refusal must leave no trace.
      amount:
        debit && o.rng.chance(0.1) ? '99999999.00' : `${o.rng.int(1, debit ? 400 : 2000)}.${cents(o.rng)}`,
      state: 'unknown',
      sends: 0,
    };
    retry = undefined;
    const body = {
      direction: a.direction,
      amount: a.amount,
      description: 'Crash test',
      reference: a.reference,
      // Every posting is a two-line entry: the other side is cash in vault.
      counter_account: '1900',
    };
    const out = await send(
      `${o.base}/api/accounts/${a.accountNumber}/transactions`,
      jsonInit('POST', body, bearer(o.session)),
    );
    if (out.kind !== 'not_sent') {
      a.sends++;
      o.log.postings.set(a.reference, a);
    }
    if (out.kind === 'answered' && (out.status === 200 || out.status === 201)) {
      const p = out.body as { id: string; balance_after: string; reference: string };
      if (p.reference !== a.reference) unexpected('posting answered for another reference', out);
      Object.assign(a, {
        state: 'acked',
        id: p.id,
        balanceAfter: p.balance_after,
        replayed: out.status === 200,
      });
      return;
    }
    const code = out.kind === 'answered' ? (out.body as { details?: { code?: string } }).details?.code : '';
    if (out.kind === 'answered' && out.status === 409 && code !== 'reference_conflict') {
      a.state = 'refused';
      return;
    }
    if (out.kind === 'answered' && out.status !== 503) unexpected(`posting ${a.reference}`, out);
    // Not sent, or no answer: a careful client retries with the same reference half of the time;
    // otherwise it gives up and the posting stays unknown (it must then be whole or absent).
    if (out.kind === 'not_sent' || o.rng.chance(0.5)) retry = a;
    await sleep(50);
  }

  async function saveOne(): Promise<void> {
    const n = ++saves;
    const a: SaveAttempt = {
      custId: o.own.custId,
      expectedVersion: version,
      // +232 76, then the client digit and a 5-digit counter: every attempt saves a value of its own.
      mobile: `+23276${o.index}${String(n).padStart(5, '0')}`,
      mbSub: o.rng.chance(0.5),
      state: 'unknown',
    };
    const out = await send(
      `${o.base}/api/registered-users/${a.custId}/subscription`,
      jsonInit(
        'PUT',
        { mobile_no: a.mobile, pay_acct: o.own.accountNumber, mb_sub: a.mbSub, version },
        bearer(o.session),
      ),
    );
    if (out.kind === 'not_sent') return sleep(50);
    o.log.saves.push(a);
    if (out.kind === 'answered' && out.status === 200) {
      const r = out.body as { version: number; mobile_no: string };
      if (r.version !== version + 1 || r.mobile_no !== a.mobile) unexpected('save answered wrongly', out);
      a.state = 'acked';
      a.version = version = r.version;
    } else if (out.kind === 'answered' && out.status === 409) {
      // Stale: an earlier save whose answer was lost did apply. Reload the version, as the UI would.
      a.state = 'refused';
      version = (out.body as { details: { currentVersion: number } }).details.currentVersion;
    } else {
      if (out.kind === 'answered' && out.status !== 503) unexpected(`save ${a.mobile}`, out);
      await sleep(50);
    }
  }

  while (!o.stopped()) {
    if (retry || o.rng.chance(0.7)) await postOne();
    else await saveOne();
  }
}
