/**
 * `npm run admin:create -- <email>`: creates an admin account, or promotes an existing account to
 * Admin (and marks it verified). The password comes from the environment variable
 * `ADMIN_PASSWORD` (for scripts), else it is asked on the terminal without echo; for an existing
 * account an empty answer keeps its password. Opens the shop's database like the server does
 * (DATA_DIR or DATABASE_URL): with the embedded database, stop the server first (one process per
 * data directory).
 */
import { stdin, stdout } from 'node:process';
import readline from 'node:readline';
import { ensureAdmin } from '../core/accounts/index.ts';
import { users } from '../core/db/index.ts';
import { EnvError } from '../core/config/index.ts';
import { DomainError } from '../core/errors.ts';
import { openShop } from '../core/shop.ts';
import { eq } from 'drizzle-orm';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: stdin, output: stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    let muted = false;
    out._writeToOutput = (s: string) => {
      if (!muted || s.includes('\n')) stdout.write(muted ? '\n' : s);
    };
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  const email = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!email) {
    console.error('usage: npm run admin:create -- <email>   (password from ADMIN_PASSWORD, or asked)');
    process.exit(2);
  }
  let shop;
  try {
    shop = await openShop({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  try {
    const [existing] = await shop.db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    let password: string | null = process.env.ADMIN_PASSWORD ?? null;
    if (password === null && stdin.isTTY) {
      password = await askHidden(existing ? 'New password (empty keeps the current one): ' : 'Password (at least 10 characters): ');
      if (password === '') password = null;
      else if ((await askHidden('Repeat the password: ')) !== password) {
        console.error('The passwords do not match.');
        process.exitCode = 1;
        return;
      }
    }
    const r = await ensureAdmin(shop.db, email, password);
    console.log(r.created ? `Admin ${email} created.` : `${email} is now an Admin.`);
  } catch (e) {
    if (e instanceof DomainError) {
      console.error(`${e.message}${e.opts.fields ? `: ${Object.values(e.opts.fields).join('; ')}` : ''}`);
      process.exitCode = 1;
      return;
    }
    throw e;
  } finally {
    await shop.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
