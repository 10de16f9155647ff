/**
 * `npm run jobs` (docs/api.md, "Running the shop day to day"): runs every scheduled job once
 * against the shop's database (DATA_DIR / DATABASE_URL, as the server) and exits, printing one
 * line per job with what it did. Cron-friendly: a job another process is running just then is
 * skipped, and every job is idempotent, so running it from cron beside the server is safe on
 * PostgreSQL.
 *
 *   npm run jobs                                   # as at now
 *   npm run jobs -- --now 2026-12-30T10:00:00Z     # as at that time (catch-up, tests)
 *   npm run jobs -- --only payment-reminder,mail-outbox
 *
 * Exit codes: 0 ran (also when nothing was due), 1 a job failed, 2 usage or environment error,
 * 3 database unavailable (PGlite: a running server holds the data directory; PGlite allows one
 * process per directory, so with PGlite the server's own scheduler runs the jobs).
 */
import pino from 'pino';
import { JOBS, runJobs } from '../core/jobs/index.ts';
import { openScriptShop, runScript } from './lib/cli.ts';

const USAGE = `Usage: npm run jobs [-- --now <ISO time>] [--only <job>[,<job>…]]
Jobs: ${JOBS.map((j) => j.name).join(', ')}`;

/** The options of the command line, or a message saying what is wrong. */
function parseArgs(argv: string[]): { now?: Date; only?: string[] } | { error: string } {
  const out: { now?: Date; only?: string[] } = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--now') {
      const v = value();
      const d = v ? new Date(v) : new Date(NaN);
      if (!v || Number.isNaN(d.getTime())) return { error: `--now: expected a time like 2026-12-30T10:00:00Z, got ${v ?? 'nothing'}` };
      out.now = d;
    } else if (flag === '--only') {
      const names = (value() ?? '').split(',').filter(Boolean);
      const unknown = names.filter((n) => !JOBS.some((j) => j.name === n));
      if (names.length === 0 || unknown.length) return { error: `--only: unknown job ${unknown.join(', ') || '(none given)'}` };
      out.only = names;
    } else if (flag === '--help' || flag === '-h') {
      return { error: '' };
    } else {
      return { error: `unknown option ${argv[i]}` };
    }
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const opts = parseArgs(argv);
  if ('error' in opts) {
    if (opts.error) console.error(opts.error);
    console.error(USAGE);
    return opts.error ? 2 : 0;
  }
  const shop = await openScriptShop(
    { catalogueFile: null, logger: pino({ level: process.env.LOG_LEVEL ?? 'warn' }) },
    'The running server runs the scheduled jobs itself; `npm run jobs` is for PostgreSQL or a stopped server.',
  );
  if (typeof shop === 'number') return shop;
  try {
    const events = await runJobs(shop, { now: opts.now, force: true, only: opts.only });
    const width = Math.max(...events.map((e) => e.name.length));
    for (const e of events) console.log(`${e.name.padEnd(width)}  ${e.outcome === 'ran' ? '' : `${e.outcome}: `}${e.summary}`);
    return events.some((e) => e.outcome === 'failed') ? 1 : 0;
  } finally {
    await shop.close();
  }
}

runScript(() => main(process.argv.slice(2)));
