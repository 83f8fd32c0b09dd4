import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { statementBatchFileName, type StatementBatchFormat } from '@bankmanager/contracts';
import type { DbHandle } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { writeAudit } from '../audit/index.ts';
import type { InternalStorage } from '../storage/index.ts';
import { countSelected, statementPage, type BatchSelection, type PageCursor } from './pages.ts';
import { mergedPerBranch, zipPerAccount } from './output.ts';
import { LeasedWorker } from '../../lib/leased-worker.ts';

export const STATEMENTS_BUCKET = 'statement-batches';

export interface WorkerOptions {
  /** Accounts read per page (one set-based read each; progress is saved per page). */
  pageSize: number;
  /** How long a server's claim lasts without renewal; another server takes over after it. */
  leaseSeconds: number;
  /** How often an idle server looks for a queued batch. */
  pollMs: number;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

interface Claimed extends BatchSelection {
  id: number;
  format: StatementBatchFormat;
  attempts: number;
  requestedBy: string;
  requestedEmail: string;
}

/** The claim was lost (the lease ran out and another server took the batch): stop, write nothing. */
class LeaseLost extends Error {}

/**
 * Prints statement batches in the background of every server, never in a request (ADR 0060). A batch
 * is claimed through its row (worker and lease, renewed with every page). The file is staged on disk
 * as it is written and becomes an object only in the transaction that marks the batch done, so a
 * server killed mid-batch leaves no object: when its lease runs out, any server (the restarted one
 * too) claims the batch again and starts it cleanly from the first account.
 */
export class StatementBatchWorker extends LeasedWorker<Claimed> {
  constructor(
    private readonly handle: DbHandle,
    private readonly storage: InternalStorage,
    private readonly opts: WorkerOptions,
  ) {
    super(opts, 'statement batches: worker');
  }

  protected async claim(): Promise<Claimed | undefined> {
    const [r] = await queryRows<{
      id: string;
      from: string;
      to: string;
      scope: 'branch' | 'activity';
      branch: string | null;
      format: StatementBatchFormat;
      attempts: number;
      requestedBy: string;
      requestedEmail: string;
    }>(
      this.handle.db,
      sql`update statement_batches set status = 'running', worker_id = ${this.workerId},
                 lease_until = now() + ${this.opts.leaseSeconds} * interval '1 second',
                 attempts = attempts + 1, started_at = now(), accounts_done = 0, accounts_total = null
           where id = (select id from statement_batches
                        where status = 'queued' or (status = 'running' and (lease_until is null or lease_until < now()))
                        order by id limit 1 for update skip locked)
          returning id::text, period_from::text as from, period_to::text as to, scope, branch_code as branch,
                    format, attempts, requested_by::text as "requestedBy", requested_email as "requestedEmail"`,
    );
    if (!r) return undefined;
    this.opts.log.info({ batchId: r.id, attempt: r.attempts }, 'statement batches: batch claimed');
    return { ...r, id: Number(r.id) };
  }

  /** Saves progress and renews the lease; LeaseLost when another server has the batch now. */
  private async heartbeat(id: number, set: ReturnType<typeof sql>): Promise<void> {
    const rows = await queryRows<{ id: string }>(
      this.handle.db,
      sql`update statement_batches set ${set}, lease_until = now() + ${this.opts.leaseSeconds} * interval '1 second'
           where id = ${id} and worker_id = ${this.workerId} and status = 'running' returning id::text`,
    );
    if (rows.length === 0) throw new LeaseLost();
  }

  protected async execute(b: Claimed): Promise<void> {
    const db = this.handle.db;
    const fileName = statementBatchFileName({ ...b, branch: b.branch });
    const out = new PassThrough({ highWaterMark: 1 << 20 });
    const single = b.format === 'merged' && b.branch !== null;
    const actor = { id: b.requestedBy, email: b.requestedEmail, ip: null };
    // The object store reads the file while the statements are written into it.
    const stored = this.storage.put(
      {
        bucket: STATEMENTS_BUCKET,
        key: `${b.id}/${fileName}`,
        source: out,
        claimedType: single ? 'application/pdf' : 'application/zip',
        actor,
      },
      async (tx, row) => {
        const done = await queryRows<{ id: string }>(
          tx,
          sql`update statement_batches set status = 'done', finished_at = now(), lease_until = null,
                     object_path = ${`${STATEMENTS_BUCKET}/${b.id}/${fileName}`}, file_name = ${fileName},
                     size = ${row.size}
               where id = ${b.id} and worker_id = ${this.workerId} and status = 'running' returning id::text`,
        );
        if (done.length === 0) throw new LeaseLost();
        await writeAudit(tx, {
          action: 'statement_batch.done',
          outcome: 'success',
          actorId: actor.id,
          actorEmail: actor.email,
          ip: null,
          targetType: 'statement_batch',
          targetId: String(b.id),
          details: { file: fileName, size: row.size, attempt: b.attempts },
        });
      },
    );
    // Surfaced through `stored` below; this keeps an early rejection from being unhandled meanwhile.
    stored.catch(() => {});
    try {
      const total = await countSelected(db, b);
      await this.heartbeat(b.id, sql`accounts_total = ${total}`);
      const sink = b.format === 'zip' ? zipPerAccount(out) : mergedPerBranch(out, single);
      let after: PageCursor | null = null;
      let printed = 0;
      for (;;) {
        if (this.stopping) throw new LeaseLost();
        const page = await statementPage(db, b, after, this.opts.pageSize);
        if (page.length === 0) break;
        for (const s of page) await sink.add(s);
        printed += page.length;
        const last = page[page.length - 1]!.account;
        after = { branch: last.branchCode, accountNumber: last.accountNumber };
        // Accounts opened during the run may join the walk: the bar's end grows with them.
        await this.heartbeat(
          b.id,
          sql`accounts_done = ${printed}, accounts_total = greatest(accounts_total, ${printed})`,
        );
      }
      await sink.finish();
      await stored;
      this.opts.log.info({ batchId: b.id, statements: printed }, 'statement batches: batch done');
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
      await stored.catch(() => {});
      // A lost claim (or this server stopping) leaves the batch to whoever claims it next.
      if (err instanceof LeaseLost) return;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await db.transaction(async (tx) => {
        const failed = await queryRows<{ id: string }>(
          tx,
          sql`update statement_batches set status = 'failed', error = ${message}, finished_at = now(), lease_until = null
               where id = ${b.id} and worker_id = ${this.workerId} and status = 'running' returning id::text`,
        );
        if (failed.length === 0) return;
        await writeAudit(tx, {
          action: 'statement_batch.failed',
          outcome: 'failure',
          actorId: actor.id,
          actorEmail: actor.email,
          ip: null,
          targetType: 'statement_batch',
          targetId: String(b.id),
          details: { error: message, attempt: b.attempts },
        });
      });
      this.opts.log.error({ err, batchId: b.id }, 'statement batches: batch failed');
    }
  }
}
