/**
 * Creates a promo code from the command line (`npm run promo:create -- --code WELCOME10 --percent 10`).
 *
 *   --code CODE          2..32 letters, digits, - or _ (stored upper-case)
 *   --percent N          percent off the subtotal (1..100), or
 *   --amount CHF         a fixed amount off, e.g. 5 or 7.50
 *   --min CHF            minimum subtotal (default 0)
 *   --from YYYY-MM-DD    first valid day (midnight in the shop's time zone), optional
 *   --to YYYY-MM-DD      last valid day (inclusive), optional
 *   --limit N            maximum number of orders, optional
 *   --influencer E-MAIL  the Influencer (or Admin) the code's orders are attributed to, optional;
 *                        refused for an unknown e-mail or a Customer (ADR 009)
 *
 * Uses DATABASE_URL or the PGlite data in DATA_DIR: stop a server using the same DATA_DIR first
 * (one process at a time opens a PGlite directory); the admin page /admin/promo/edit does the same.
 */
import { parseArgs } from 'node:util';
import { openScriptShop, runScript } from './lib/cli.ts';
import { DomainError } from '../core/errors.ts';
import { chfToRappen, rappenToDecimalString } from '../core/pricing/browser.ts';
import { createPromo } from '../core/promos/index.ts';
import { influencerByEmail } from '../core/accounts/index.ts';
import { getSettings } from '../core/config/index.ts';
import { endOfDay, isCalendarDay, startOfDay } from '../core/i18n/index.ts';

/** A `YYYY-MM-DD` argument, checked. */
function day(date: string): string {
  if (!isCalendarDay(date)) throw new Error(`Not a date (YYYY-MM-DD): ${date}`);
  return date;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      code: { type: 'string' },
      percent: { type: 'string' },
      amount: { type: 'string' },
      min: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      influencer: { type: 'string' },
    },
  });
  if (!values.code || !values.percent === !values.amount) {
    console.error(
      'Usage: npm run promo:create -- --code CODE (--percent N | --amount CHF) [--min CHF] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit N] [--influencer E-MAIL]',
    );
    return 2;
  }
  const shop = await openScriptShop({ catalogueFile: null }, undefined, { LOG_LEVEL: 'warn' });
  if (typeof shop === 'number') return shop;
  try {
    const influencer = values.influencer ? await influencerByEmail(shop.db, values.influencer) : null;
    const { timeZone } = await getSettings(shop.db);
    const promo = await createPromo(
      shop.db,
      {
        code: values.code,
        kind: values.percent ? 'percent' : 'fixed',
        value: values.percent ? Number(values.percent) : chfToRappen(Number(values.amount)),
        minOrder: values.min ? chfToRappen(Number(values.min)) : 0,
        validFrom: values.from ? startOfDay(day(values.from), timeZone) : null,
        validTo: values.to ? endOfDay(day(values.to), timeZone) : null,
        usageLimit: values.limit ? Number(values.limit) : null,
        influencerUserId: influencer?.id ?? null,
      },
      'cli',
    );
    console.log(
      `Promo ${promo.code} created: ${promo.kind === 'percent' ? `${promo.value} %` : `CHF ${rappenToDecimalString(promo.value)}`} off${influencer ? `, orders attributed to ${influencer.email}` : ''}`,
    );
    return 0;
  } catch (e) {
    if (e instanceof DomainError) {
      console.error(`${e.message}${e.opts.fields ? ` ${JSON.stringify(e.opts.fields)}` : ''}`);
      return 1;
    }
    throw e;
  } finally {
    await shop.close();
  }
}

runScript(main);
