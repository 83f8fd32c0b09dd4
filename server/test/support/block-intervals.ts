/**
 * For concurrent property tests: a record of when each account was certainly blocked, in the order
 * the client saw events (a counter, not a clock: JS runs one callback at a time). An account is
 * certainly blocked from the moment a block's answer arrived until an unblock request was sent; a
 * posting that was sent after the first and answered before the second must have been refused.
 */
export class BlockIntervals {
  private seq = 0;
  private readonly open = new Map<string, { kind: 'debit' | 'total'; from: number }[]>();
  private readonly closed: { account: string; kind: 'debit' | 'total'; from: number; to: number }[] = [];
  private readonly posted: { account: string; side: 'debit' | 'credit'; sent: number; answered: number }[] =
    [];

  tick(): number {
    return ++this.seq;
  }

  blocked(account: string, kind: 'debit' | 'total'): void {
    const list = this.open.get(account) ?? [];
    list.push({ kind, from: this.tick() });
    this.open.set(account, list);
  }

  /** `sentAt`: the tick taken just before the unblock request went out. */
  unblocked(account: string, sentAt: number): void {
    for (const i of this.open.get(account) ?? []) this.closed.push({ account, ...i, to: sentAt });
    this.open.delete(account);
  }

  posting(account: string, side: 'debit' | 'credit', sent: number): void {
    this.posted.push({ account, side, sent, answered: this.tick() });
  }

  /** Postings that succeeded while their account was certainly blocked against them. */
  violations(): string[] {
    const all = [
      ...this.closed,
      ...[...this.open].flatMap(([account, l]) => l.map((i) => ({ account, ...i, to: Infinity }))),
    ];
    return this.posted.flatMap((p) =>
      all
        .filter((b) => b.account === p.account && p.sent > b.from && p.answered < b.to)
        .filter((b) => b.kind === 'total' || p.side === 'debit')
        .map((b) => `${p.side} on ${p.account} during a ${b.kind} block`),
    );
  }
}
