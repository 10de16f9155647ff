/**
 * The footer (docs/product.md §2): address, WhatsApp and e-mail from configuration; links
 * home, products, contact, privacy policy, terms of use (plus the other information pages);
 * social links telegram, whatsapp, facebook, instagram; VAT number; copyright notice. It also
 * offers every language with a catalogue as a plain form (works without JavaScript).
 */
import { Form, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '../../core/i18n/browser.ts';
import type { RootData } from '../root.tsx';
import { LEGAL_PAGES, LinkItems, SITE_PAGES } from './SiteLinks.tsx';

/** `+41 79 123 45 67` -> `41791234567` for wa.me links. */
export function whatsappNumber(display: string): string {
  return display.replace(/[^\d]/g, '');
}

/** A titled list of footer links. */
function FooterNav({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="footer-h">{title}</h2>
      <ul>{children}</ul>
    </nav>
  );
}

/**
 * @param year the copyright year (the root loader's `year`: the server's, so the hydrated footer
 *   does not depend on the browser's clock)
 */
export function Footer({ config, lang, year }: { config: RootData['config']; lang: string; year: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const wa = whatsappNumber(config.whatsapp);
  // the networks the shop is on (WhatsApp always; the others when configured)
  const socials = [
    ['Telegram', config.telegram],
    ['WhatsApp', `https://wa.me/${wa}`],
    ['Facebook', config.facebook],
    ['Instagram', config.instagram],
  ] as const;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{config.brand.name}</p>
          <p className="footer-company">{config.companyName}</p>
          <address>{config.dir}</address>
          <p>
            WhatsApp: <a href={`https://wa.me/${wa}`}>{config.whatsapp}</a>
            <br />
            {t('footer.email')}: <a href={`mailto:${config.email}`}>{config.email}</a>
          </p>
        </div>
        <FooterNav title={t('footer.links')}>
          <LinkItems links={SITE_PAGES} />
        </FooterNav>
        <FooterNav title={t('footer.legal')}>
          <LinkItems links={LEGAL_PAGES} />
        </FooterNav>
        <FooterNav title={t('footer.social')}>
          {socials.map(
            ([name, href]) =>
              href && (
                <li key={name}>
                  <a href={href} rel="noopener">
                    {name}
                  </a>
                </li>
              ),
          )}
        </FooterNav>
      </div>
      <div className="container">
        <Form method="post" action="/preferences" reloadDocument className="footer-langs" aria-label={t('language.label')}>
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <span className="footer-h" id="footer-lang-h">
            {t('language.label')}
          </span>
          <div role="group" aria-labelledby="footer-lang-h" className="chip-row">
            {LOCALES.map((l) => (
              <button key={l} type="submit" name="lang" value={l} lang={l} className="link-btn" aria-pressed={lang === l}>
                {LOCALE_NAMES[l]}
              </button>
            ))}
          </div>
        </Form>
      </div>
      <div className="container footer-legal">
        <p>
          {t('footer.taxes')} {t('footer.age')}
        </p>
        <p>
          {t('footer.vat')}: <bdi>{config.vatNumber}</bdi> ·{' '}
          <bdi>
            © {year} {config.companyName}
          </bdi>
          . {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
