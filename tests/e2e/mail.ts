/**
 * Links from the mails the end-to-end shop sent, as its customers receive them: read from the
 * files of the mail sink (tests/e2e/mail-sink.ts, `SHOP_E2E_MAIL_DIR`), not from the admin outbox,
 * which hides link tokens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { linkIn, type ReceivedMail } from '../helpers/smtp.ts';

/** Every mail the sink received for `email`, oldest first. */
export function mailsTo(email: string): ReceivedMail[] {
  const dir = process.env.SHOP_E2E_MAIL_DIR;
  if (!dir) throw new Error('SHOP_E2E_MAIL_DIR is not set (playwright.config.ts)');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
    .filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
}

/**
 * The path (`/{kind}/{token}`) of the newest `kind` link sent to `email`, once at least `count`
 * such mails arrived (mails go out after the page answered, so this waits for them).
 */
export async function linkFromMail(email: string, kind: 'confirm' | 'reset', count = 1): Promise<string> {
  const links = () => mailsTo(email).flatMap((m) => linkIn(m.raw, kind) ?? []);
  await expect.poll(() => links().length, { message: `${count} ${kind} mail(s) to ${email}` }).toBeGreaterThanOrEqual(count);
  return new URL(links().at(-1)!).pathname;
}
