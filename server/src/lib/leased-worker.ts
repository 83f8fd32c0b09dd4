import { randomUUID } from 'node:crypto';

export interface WorkerLoopOptions {
  /** How often an idle server looks for queued work. */
  pollMs: number;
  log: { error(o: object, m: string): void };
}

/**
 * The loop every background worker of a server shares (end of day, bulk statements, built reports):
 * poll, or be kicked when work was just queued; claim one job at a time through its row (the
 * subclass's `claim`, leased to `workerId`, so a server that dies leaves its job to be claimed again
 * when the lease runs out); never two loops at once in one process. A kick while busy runs the loop
 * once more afterwards, so work queued just as the loop found nothing does not wait for the next poll.
 */
export abstract class LeasedWorker<Job> {
  /** This process's name on the rows it claims. */
  protected readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  protected constructor(
    private readonly loop: WorkerLoopOptions,
    /** Names the worker in its error log ("end of day: runner error"). */
    private readonly what: string,
  ) {}

  /** Claims one queued (or abandoned, its lease run out) job for this process, or nothing. */
  protected abstract claim(): Promise<Job | undefined>;
  protected abstract execute(job: Job): Promise<void>;

  /** True once `stop` was called: a long job checks it between its pieces of work. */
  protected get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.loop.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for work now (it was just queued, approved or retried) instead of at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = this.drain()
      .catch((err: unknown) => this.loop.log.error({ err }, `${this.what} error`))
      .finally(() => {
        this.busy = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.busy;
  }

  /** Resolves when this process holds no job (tests, benches). */
  async idle(): Promise<void> {
    while (this.busy) await this.busy;
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const job = await this.claim();
      // Stopped while claiming: the claim's lease runs out and another server (or this one restarted)
      // takes the job.
      if (!job || this.stopped) return;
      await this.execute(job);
    }
  }
}
