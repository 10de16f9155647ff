/**
 * What the command-line scripts share: opening the shop or reading the environment with the
 * scripts' exit codes (2 usage or environment error, 3 database in use or unreachable),
 * running `main` with its exit code, and reading a started server's first-run setup link.
 */
import type { ChildProcess } from 'node:child_process';
import { EnvError, loadEnv, type Env } from '../../core/config/index.ts';
import { DataDirLockedError } from '../../core/db/index.ts';
import { openShop, type Shop } from '../../core/shop.ts';

/**
 * Reads the environment (`loadEnv`); a wrong variable is printed.
 * @returns the environment, or null after an environment error (the script exits 2).
 */
export function loadScriptEnv(): Env | null {
  try {
    return loadEnv(process.env);
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      return null;
    }
    throw e;
  }
}

/**
 * Opens the shop for a script (options as `openShop`'s second argument); what went wrong is printed.
 * @param lockedHint printed after the message when a running server holds the PGlite data directory.
 * @param env environment values over the process's (as `openShop`'s first argument, e.g. `LOG_LEVEL`).
 * @returns the shop, or the exit code: 2 for an environment error, 3 for a database in use or unreachable.
 */
export async function openScriptShop(
  opts: Parameters<typeof openShop>[1],
  lockedHint?: string,
  env: Parameters<typeof openShop>[0] = {},
): Promise<Shop | 2 | 3> {
  try {
    return await openShop(env, opts);
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      return 2;
    }
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      if (lockedHint) console.error(lockedHint);
      return 3;
    }
    console.error(`Cannot open the database: ${(e as Error).message}`);
    return 3;
  }
}

/**
 * The exit code for an error a command expects: when `e` is an instance of one of `known`'s
 * classes, its message is printed to stderr and that class's code returned (the first match).
 * @throws `e` itself when it is none of them (an unexpected error).
 */
export function expectedFailure(e: unknown, known: [abstract new (...args: never[]) => Error, number][]): number {
  const hit = known.find(([kind]) => e instanceof kind);
  if (!hit) throw e;
  console.error((e as Error).message);
  return hit[1];
}

/** Runs a script's `main` and exits with the code it returns; an unexpected error is printed and exits 1. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

/**
 * Reads the output of a started server (`child`, stdout and stderr piped) until it prints the
 * first-run line "Create the first admin account: <PUBLIC_URL>/setup/<token>" (the only copy of
 * the token).
 * @returns the link, and the output so far (read it again for what is printed after the link).
 * @throws Error with the output when the process exits before printing the link.
 */
export function firstRunLink(child: ChildProcess): Promise<{ link: string; output: () => string }> {
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Create the first admin account: (\S+)/.exec(out);
      if (m) resolve({ link: m[1], output: () => out });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before printing the link:\n${out}`)));
  });
}
