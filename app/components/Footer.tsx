/**
 * The footer (specification section 2): address, WhatsApp and e-mail from configuration; links
 * home, products, contact, privacy policy, terms of use; social links; VAT number; copyright.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RootData } from '../root.tsx';

export function Footer({ config }: { config: RootData['config'] }) {
  const { t } = useTranslation();
  const wa = config.whatsapp.replace(/[^\d]/g, '');
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <h2 className="h3" style={{ fontSize: '1.3rem' }}>{config.companyName}</h2>
          <address style={{ fontStyle: 'normal' }}>{config.dir}</address>
          <p>
            WhatsApp: <a href={`https://wa.me/${wa}`}>{config.whatsapp}</a>
            <br />
            {t('footer.email')}: <a href={`mailto:${config.email}`}>{config.email}</a>
          </p>
        </div>
        <nav aria-label={t('footer.links')}>
          <ul>
            <li><Link to="/">{t('nav.home')}</Link></li>
            <li><Link to="/client/products">{t('nav.products')}</Link></li>
            <li><Link to="/contact">{t('nav.contact')}</Link></li>
            <li><Link to="/client/privacypolicy">{t('footer.privacy')}</Link></li>
            <li><Link to="/client/termsandconditions">{t('footer.terms')}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t('footer.social')}>
          <ul>
            <li><a href={config.telegram} rel="noopener">Telegram</a></li>
            <li><a href={`https://wa.me/${wa}`} rel="noopener">WhatsApp</a></li>
            <li><a href={config.facebook} rel="noopener">Facebook</a></li>
            <li><a href={config.instagram} rel="noopener">Instagram</a></li>
          </ul>
        </nav>
      </div>
      <div className="container footer-legal">
        <p>{t('footer.taxes')} {t('footer.age')}</p>
        <p>
          {t('footer.vat')}: {config.vatNumber} · © {new Date().getFullYear()} {config.companyName}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
