/**
 * An in-process SMTP server (`smtp-server`) that keeps every message it receives, for mail tests:
 * the shop sends through it exactly as it would through a real one (never a mocked transport).
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtp = {
  url: string;
  mails: ReceivedMail[];
  /** Waits until `n` mails arrived (polls; fails after `timeoutMs`). */
  waitFor: (n: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/**
 * Starts the server on `port` (default: any free port).
 * @param opts.onMail called with every mail as it arrives (the end-to-end mail sink writes it to a file).
 */
export async function startSmtp(port = 0, opts: { onMail?: (mail: ReceivedMail) => void } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        opts.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    async waitFor(n, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and `=3D`, enough to read links in a raw message. */
export function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The first link to `/{kind}/{token}` in a raw mail, or null. */
export function linkIn(raw: string, kind: 'confirm' | 'reset'): string | null {
  const m = new RegExp(`https?://[^\\s"<>]+/${kind}/([A-Za-z0-9_-]+)`).exec(decodeQp(raw));
  return m ? m[0] : null;
}

/**
 * The first mail to `email` whose text (read with `decode`) contains `subject`, once it has
 * arrived: polled every 20 ms for 10 s.
 * @returns the mail's text, read with `decode` (quoted-printable soft breaks undone by default).
 * @throws Error when no such mail arrived in time.
 */
export async function waitForMail(smtp: TestSmtp, email: string, subject: string, decode: (raw: string) => string = decodeQp): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const found = smtp.mails.filter((m) => m.to.includes(email)).find((m) => decode(m.raw).includes(subject));
    if (found) return decode(found.raw);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}
