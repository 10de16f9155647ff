import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
function tmpDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('writes our pid and removes the lock on release (twice is harmless)', () => {
    const dir = tmpDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    release();
    release();
    expect(fs.existsSync(path.join(dir, 'shop.lock'))).toBe(false);
  });

  it('refuses a directory held by another live process, naming it', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'shop.lock'), String(process.ppid)); // our parent: alive, not us
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another process \\(pid ${process.ppid}\\)`));
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a dead process or an unreadable one', () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, 'shop.lock'), '999999999');
    lockDataDir(dir)();
    fs.writeFileSync(path.join(dir, 'shop.lock'), 'garbage');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('does not remove a lock another process took after ours was removed', () => {
    const dir = tmpDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'shop.lock'), String(process.ppid));
    release();
    expect(fs.readFileSync(path.join(dir, 'shop.lock'), 'utf8')).toBe(String(process.ppid));
  });
});
