/**
 * The data directory (`DATA_DIR`) is closed to other users of the machine: it holds the whole
 * database (PGlite's files), the generated session secret (`secrets.json`) and uploaded photos.
 *
 * - The process's umask becomes 0077, so every file the shop creates from then on (photos,
 *   backups, the secret, logs written by the shop) is readable by its owner only.
 * - The directory is 0700, so no other user can even look up a file inside it.
 * - PGlite's WebAssembly file system sets its own modes (0666 for the relation files, whatever
 *   the umask), so the tree is tightened after the database has been opened and again when it
 *   closes: files lose every group and other bit.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Mode bits for group and others. */
const OPEN_TO_OTHERS = 0o077;

/**
 * Sets the umask to 0077. Worker threads cannot change it (Node throws there); the directory
 * modes below still close the data in that case.
 */
export function restrictUmask(): void {
  try {
    process.umask(OPEN_TO_OTHERS);
  } catch {
    /* not allowed in a worker thread */
  }
}

/**
 * Removes group and other permissions from `dir` and everything below it (files and folders;
 * symbolic links are left alone). Files removed meanwhile are skipped.
 * @returns the number of entries whose mode was changed.
 */
export function tightenTree(dir: string): number {
  let changed = 0;
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(current);
    } catch {
      continue; // removed meanwhile (PGlite deletes temporary files)
    }
    if (st.isSymbolicLink()) continue;
    if ((st.mode & OPEN_TO_OTHERS) !== 0) {
      try {
        fs.chmodSync(current, st.mode & 0o7700);
        changed++;
      } catch {
        /* removed meanwhile */
      }
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(current);
      } catch {
        /* removed meanwhile */
      }
      for (const name of names) stack.push(path.join(current, name));
    }
  }
  return changed;
}

/**
 * Prepares `DATA_DIR` at start: umask 0077, the folder created 0700 when missing, and every
 * entry in it closed to other users (also those written 0666 by an earlier PGlite).
 * `memory://` only sets the umask.
 */
export function closeDataDir(dataDir: string): void {
  restrictUmask();
  if (!dataDir || dataDir === 'memory://') return;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tightenTree(dataDir);
}
