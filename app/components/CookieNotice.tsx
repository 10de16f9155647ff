/**
 * The cookie notice (docs/product.md §2 and §4): appears COOKIE_NOTICE_DELAY_MS (10 s) after
 * the page has loaded when no choice is stored; "Accept" stores the choice in localStorage under
 * {@link COOKIE_CHOICE_KEY}. The shop sets only functional cookies (cart, session, language,
 * theme), so the notice informs rather than asks for tracking consent. Non-modal: a labelled
 * region at the bottom of the screen.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COOKIE_NOTICE_DELAY_MS } from '../constants.ts';

/** localStorage key of the visitor's cookie choice (`accepted`). */
const COOKIE_CHOICE_KEY = 'cookieChoice';

function stored(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CHOICE_KEY);
  } catch {
    return null;
  }
}

export function CookieNotice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => {
      if (!stored()) setOpen(true);
    }, COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  if (!open) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookies.label')} data-testid="cookie-notice">
      <p>
        {t('cookies.text')} <Link to="/client/privacypolicy">{t('cookies.more')}</Link>
      </p>
      <button
        type="button"
        className="btn btn-small"
        data-testid="cookie-accept"
        onClick={() => {
          try {
            window.localStorage.setItem(COOKIE_CHOICE_KEY, 'accepted');
          } catch {
            // storage disabled: the notice shows again next time
          }
          setOpen(false);
        }}
      >
        {t('cookies.accept')}
      </button>
    </section>
  );
}
