/**
 * Scheduled jobs (docs/api.md, "Running the shop day to day"): a list of named jobs that the
 * server runs on a schedule ({@link startJobScheduler}) and `npm run jobs` runs once
 * ({@link runJobs}), each exactly once across several processes:
 *
 * - PostgreSQL: a transaction-scoped advisory lock per job (`pg_try_advisory_xact_lock`), held
 *   while the job runs; a process that does not get it skips the job for this round.
 * - PGlite: one process per data directory (core/db/lock.ts), so an in-process guard suffices.
 *
 * Every job is also idempotent on its own (each mail is claimed by a row written with it), so a
 * second run, or a run as at an earlier `now`, sends nothing twice. To add a job, add one entry
 * to {@link JOBS}. Metrics and logs listen with {@link onJobRun}.
 */
import { purgeExpiredTokens, purgeOldSessions, purgeOutboxBodies } from '../accounts/index.ts';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { resultRows, type Db, outbox, jobRuns } from '../db/index.ts';
import { expireLinkBodies, deliverOutbox, releaseOutboxOnly } from '../mail/index.ts';
import type { Shop } from '../shop-type.ts';
import { sendLowStockAlerts } from './low-stock.ts';
import { expireOrdersAndNotify, sendPaymentReminders } from './order-mails.ts';
import { alertShopOfMailRetries, retryOrderMails } from '../orders/index.ts';

/** What a job receives. `now` is the time it runs as (`--now`, else the wall clock). */
type JobContext = { shop: Shop; db: Db; now: Date; log: Logger };

/** A scheduled job. */
export type Job = {
  /** Stable name (lock key, `job_runs` row, log and metric label), kebab-case. */
  name: string;
  /** One line for people: what the job does. */
  description: string;
  /** How often the server runs it, milliseconds (wall clock, across all processes). */
  everyMs: number;
  /** Does what is due as at `ctx.now`. @returns one line saying what it did. */
  run: (ctx: JobContext) => Promise<string>;
};

const MINUTE = 60_000;

/** The shop's jobs, run in this order (the outbox last, so mails queued by the others go out in the same round). */
export const JOBS: Job[] = [
  {
    name: 'order-expiry',
    description: 'expire unpaid orders whose reservation lapsed (stock back) and mail bank-transfer customers',
    everyMs: MINUTE,
    run: async ({ shop, now }) => {
      const { expired, mailed } = await expireOrdersAndNotify(shop, now);
      return `${expired} order(s) expired, ${mailed} expiry mail(s) queued`;
    },
  },
  {
    name: 'payment-reminder',
    description: 'remind bank-transfer customers to pay when 2 days of the reservation are left',
    everyMs: 5 * MINUTE,
    run: async ({ shop, now }) => `${await sendPaymentReminders(shop, now)} payment reminder(s) queued`,
  },
  {
    name: 'low-stock',
    description: "alert the shop's address when a paid order takes a product to its low-stock threshold",
    everyMs: 5 * MINUTE,
    run: async ({ shop, now }) => {
      const { alerted, rearmed } = await sendLowStockAlerts(shop, now);
      return `${alerted} low-stock alert(s) queued, ${rearmed} restocked product(s) re-armed`;
    },
  },
  {
    name: 'mail-link-expiry',
    description: 'blank the sign-in link tokens of mails older than 24 hours',
    everyMs: 15 * MINUTE,
    run: async ({ db, now }) => `${await expireLinkBodies(db, now)} mail(s) had their link tokens blanked`,
  },
  {
    name: 'retention',
    description: 'purge personal data past its retention: old mail bodies, ended sessions, spent or expired links (revFADP art. 6)',
    everyMs: 60 * MINUTE,
    run: async ({ db, now }) => [await purgeOutboxBodies(db, now), await purgeOldSessions(db, now), await purgeExpiredTokens(db, now)].join('; '),
  },
  {
    name: 'order-mail-retry',
    description: 'make again the order mails (QR-bill, invoice) that could not be made at checkout, and tell the shop',
    everyMs: MINUTE,
    run: async ({ shop, now }) => {
      const { queued, failed } = await retryOrderMails(shop, now);
      if (failed) await alertShopOfMailRetries(shop, now);
      return `${queued} order mail(s) made again, ${failed} still failing`;
    },
  },
  {
    name: 'mail-outbox',
    description: 'send pending mails of the outbox (retries included; with SMTP_URL set, also those of the last 7 days kept without it)',
    everyMs: MINUTE,
    run: async ({ shop, db, now }) => {
      if (!shop.env.SMTP_URL) {
        const [{ n }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(eq(outbox.status, 'outbox_only'));
        return `no SMTP_URL: nothing sent, ${n} mail(s) kept in the outbox for the admin`;
      }
      // mails kept while SMTP_URL was unset go out now that it is set (the recent ones)
      const released = await releaseOutboxOnly(db, now);
      let sent = 0;
      // 50 per round (deliverOutbox's batch); stop early when a round leaves nothing behind
      for (let round = 0; round < 20; round++) {
        const n = await deliverOutbox(shop);
        sent += n;
        if (n < 50) break;
      }
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(eq(outbox.status, 'pending'));
      return `${released ? `${released} mail(s) kept without SMTP handed to delivery, ` : ''}${sent} mail(s) sent, ${n} still pending`;
    },
  },
];

/** What happened to one job in one round. `ms` is its duration, milliseconds. */
export type JobRunEvent = {
  name: string;
  outcome: 'ran' | 'failed' | 'skipped';
  summary: string;
  ms: number;
  asOf: Date;
};

const listeners = new Set<(e: JobRunEvent) => void>();

/**
 * Calls `listener` after every job round of every job (ran, failed or skipped), e.g. to count
 * runs in the metrics. A listener that throws is ignored.
 * @returns a function that removes the listener.
 */
export function onJobRun(listener: (e: JobRunEvent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function emit(e: JobRunEvent): JobRunEvent {
  for (const l of listeners)
    try {
      l(e);
    } catch {
      // a metric must never break a job
    }
  return e;
}

/** Advisory-lock namespace of the jobs (first key of the two-key lock; the job's name hash is the second). */
export const JOB_LOCK_NAMESPACE = 0x4a0b5;

const runningHere = new WeakMap<Db, Set<string>>();

/**
 * Runs `fn` only if no other process (PostgreSQL advisory lock) or no other call in this process
 * (PGlite) runs the same job now.
 * @returns `{ got: false }` when the job is held elsewhere.
 */
async function exclusively<T>(shop: Shop, name: string, fn: () => Promise<T>): Promise<{ got: true; value: T } | { got: false }> {
  if (shop.database.kind === 'postgres') {
    return shop.db.transaction(async (tx) => {
      const [row] = resultRows<{ ok: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${name})) as ok`));
      if (!row?.ok) return { got: false as const };
      return { got: true as const, value: await fn() };
    });
  }
  let here = runningHere.get(shop.db);
  if (!here) runningHere.set(shop.db, (here = new Set()));
  if (here.has(name)) return { got: false };
  here.add(name);
  try {
    return { got: true, value: await fn() };
  } finally {
    here.delete(name);
  }
}

/**
 * Runs one job, exactly once across processes, and records the run in `job_runs`.
 * @param opts.now the time to run as (default the wall clock).
 * @param opts.force run even when the job ran less than `everyMs` ago (the command line does).
 * @returns what happened; a job's error is caught, logged and reported as `failed`.
 */
export async function runJob(shop: Shop, job: Job, opts: { now?: Date; force?: boolean } = {}): Promise<JobRunEvent> {
  const asOf = opts.now ?? new Date();
  const started = performance.now();
  const done = (outcome: JobRunEvent['outcome'], summary: string) =>
    emit({ name: job.name, outcome, summary, ms: Math.round(performance.now() - started), asOf });
  const r = await exclusively(shop, job.name, async () => {
    if (!opts.force) {
      const [last] = await shop.db.select({ at: jobRuns.lastRunAt }).from(jobRuns).where(eq(jobRuns.name, job.name));
      if (last && last.at.getTime() + job.everyMs > Date.now()) return done('skipped', 'not due yet');
    }
    let outcome: JobRunEvent['outcome'] = 'ran';
    let summary: string;
    try {
      summary = await job.run({ shop, db: shop.db, now: asOf, log: shop.log });
    } catch (err) {
      outcome = 'failed';
      summary = `failed: ${String((err as Error)?.message ?? err).slice(0, 300)}`;
      shop.log.error({ err, job: job.name }, 'scheduled job failed');
    }
    const row = { lastRunAt: new Date(), asOf, summary, ok: outcome === 'ran' };
    await shop.db
      .insert(jobRuns)
      .values({ name: job.name, ...row, runs: 1 })
      .onConflictDoUpdate({ target: jobRuns.name, set: { ...row, runs: sql`${jobRuns.runs} + 1` } });
    return done(outcome, summary);
  });
  return r.got ? r.value : done('skipped', 'running in another process');
}

/**
 * Runs the jobs one after the other (in {@link JOBS} order).
 * @param opts.only run only the jobs with these names.
 * @returns one event per job.
 */
export async function runJobs(shop: Shop, opts: { now?: Date; force?: boolean; only?: string[] } = {}): Promise<JobRunEvent[]> {
  const out: JobRunEvent[] = [];
  for (const job of JOBS) if (!opts.only || opts.only.includes(job.name)) out.push(await runJob(shop, job, opts));
  return out;
}

/** How often the server's scheduler looks for due jobs, milliseconds. */
const SCHEDULER_TICK_MS = 30_000;

/**
 * Runs due jobs every `tickMs` (and once at start) inside the server. The timer never keeps the
 * process alive; a round still running when the next tick comes is not doubled.
 * @returns `stop`, which ends the timer and resolves once a running round has finished (call it
 *   before closing the database).
 */
export function startJobScheduler(shop: Shop, tickMs = SCHEDULER_TICK_MS): () => Promise<void> {
  let round: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (round || stopped) return;
    round = runJobs(shop)
      .then((events) => {
        for (const e of events) if (e.outcome === 'ran') shop.log.debug({ job: e.name, ms: e.ms }, e.summary);
      })
      .catch((err: unknown) => shop.log.error({ err }, 'job round failed'))
      .finally(() => {
        round = null;
      });
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}
