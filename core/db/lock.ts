/**
 * One process at a time per PGlite data directory. PGlite itself does not refuse a second
 * process on the same directory (both would write to it and corrupt it), so the shop keeps a
 * lock file `DATA_DIR/shop.lock` holding the owner's process id while the database is open.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory (e.g. a running server). */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${pid}), probably a running shop server. ` +
        `PGlite allows one process per data directory: stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of a data directory (created if missing). A lock left by a dead process is taken over.
 * @returns a function that releases the lock (idempotent).
 * @throws {DataDirLockedError} when a live process (other than this one) holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (owner !== process.pid && alive(owner)) throw new DataDirLockedError(path.resolve(dataDir), owner);
      fs.rmSync(file, { force: true }); // stale lock of a dead process (or our own, reopened)
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
