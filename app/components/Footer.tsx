/**
 * The footer (specification section 2): address, WhatsApp and e-mail from configuration; links
 * home, products, contact, privacy policy, terms of use (plus the other information pages);
 * social links telegram, whatsapp, facebook, instagram; VAT number; copyright notice. It also
 * offers every language with a catalogue as a plain form (works without JavaScript).
 */
import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '../i18n/locales.ts';
import type { RootData } from '../root.tsx';

/** `+41 79 123 45 67` -> `41791234567` for wa.me links. */
export function whatsappNumber(display: string): string {
  return display.replace(/[^\d]/g, '');
}

export function Footer({ config, lang }: { config: RootData['config']; lang: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const wa = whatsappNumber(config.whatsapp);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">Casa del Tabaco</p>
          <p className="footer-company">{config.companyName}</p>
          <address>{config.dir}</address>
          <p>
            WhatsApp: <a href={`https://wa.me/${wa}`}>{config.whatsapp}</a>
            <br />
            {t('footer.email')}: <a href={`mailto:${config.email}`}>{config.email}</a>
          </p>
        </div>
        <nav aria-label={t('footer.links')}>
          <h2 className="footer-h">{t('footer.links')}</h2>
          <ul>
            <li>
              <Link to="/">{t('nav.home')}</Link>
            </li>
            <li>
              <Link to="/client/products">{t('nav.products')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
            <li>
              <Link to="/readme">{t('nav.readme')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2 className="footer-h">{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to="/client/privacypolicy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/client/termsandconditions">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/client/returns">{t('footer.returns')}</Link>
            </li>
            <li>
              <Link to="/client/shipping">{t('footer.shipping')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.social')}>
          <h2 className="footer-h">{t('footer.social')}</h2>
          <ul>
            {config.telegram && (
              <li>
                <a href={config.telegram} rel="noopener">
                  Telegram
                </a>
              </li>
            )}
            <li>
              <a href={`https://wa.me/${wa}`} rel="noopener">
                WhatsApp
              </a>
            </li>
            {config.facebook && (
              <li>
                <a href={config.facebook} rel="noopener">
                  Facebook
                </a>
              </li>
            )}
            {config.instagram && (
              <li>
                <a href={config.instagram} rel="noopener">
                  Instagram
                </a>
              </li>
            )}
          </ul>
        </nav>
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
            © {new Date().getFullYear()} {config.companyName}
          </bdi>
          . {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
