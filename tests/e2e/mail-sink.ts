/**
 * The end-to-end run's mail server (playwright.config.ts starts it before the shop): the shop sends
 * through SMTP as in production, and every mail it receives is written as JSON (`from`, `to`,
 * `raw`) to `SHOP_E2E_MAIL_DIR`, one file per mail, numbered in arrival order, where the test
 * workers read confirmation and reset links (tests/e2e/mail.ts). The admin outbox hides them.
 * Runs until the runner stops it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtp } from '../helpers/smtp.ts';

const dir = process.env.SHOP_E2E_MAIL_DIR;
const port = Number(process.env.SHOP_E2E_SMTP_PORT);
if (!dir || !port) throw new Error('SHOP_E2E_MAIL_DIR and SHOP_E2E_SMTP_PORT are required');
fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
let n = 0;
await startSmtp(port, {
  onMail(mail) {
    n++;
    const file = path.join(dir, `${String(n).padStart(6, '0')}.json`);
    // written whole under a temporary name, then renamed: a reader never sees half a mail
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail));
    fs.renameSync(`${file}.tmp`, file);
  },
});
