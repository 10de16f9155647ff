/**
 * The language picker in the navbar (docs/product.md §2): the five picker languages; it
 * closes itself LANGUAGE_MENU_AUTOCLOSE_MS (4 s, section 9) after opening. Choosing posts to
 * /preferences, which remembers the language in the `lang` cookie and redirects back; the page
 * then renders in that language. A disclosure ({@link useDisclosure}, a `<details>`, so it opens
 * and its languages post before the page's scripts run): Tab or the arrow keys reach every
 * language, Escape closes it and focus returns to the button; the current language is the
 * pressed button.
 */
import { useEffect } from 'react';
import { Form, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_MENU_AUTOCLOSE_MS } from '../constants.ts';
import { LOCALE_NAMES, PICKER_LOCALES, type Locale } from '../../core/i18n/browser.ts';
import { useDisclosure } from './dialog.tsx';
import { LineIcon } from './LineIcon.tsx';

/** The navbar's language button and the list of picker languages it shows. */
export function LanguagePicker({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const { open, setOpen, wrapperProps, buttonProps, panelProps } = useDisclosure('language-menu');
  const location = useLocation();
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => setOpen(false), LANGUAGE_MENU_AUTOCLOSE_MS);
    return () => clearTimeout(id);
  }, [open, setOpen]);
  const current = LOCALE_NAMES[lang as Locale] ?? lang;
  const code = lang.slice(0, 2).toUpperCase();
  const labelId = `${panelProps.id}-label`;
  return (
    <details className="menu-wrap" {...wrapperProps}>
      <summary {...buttonProps} className="icon-btn lang-trigger" aria-label={`${code} – ${t('language.choose', { current })}`} data-testid="language-trigger">
        <LineIcon weight={1.6}>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" />
        </LineIcon>
        {/* the accessible name starts with this visible code (WCAG 2.5.3, label in name) */}
        <span className="lang-code" aria-hidden="true">
          {code}
        </span>
      </summary>
      <Form
        {...panelProps}
        method="post"
        action="/preferences"
        reloadDocument
        className="menu menu-popup"
        data-testid="language-menu"
        onSubmit={() => setOpen(false)}
      >
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <p className="menu-label" id={labelId}>
          {t('language.label')}
        </p>
        <ul className="menu-list" aria-labelledby={labelId}>
          {PICKER_LOCALES.map((l) => (
            <li key={l}>
              <button type="submit" name="lang" value={l} className="menu-item" lang={l} aria-pressed={l === lang} data-testid={`language-${l}`}>
                <span className="menu-check" aria-hidden="true">
                  {l === lang ? '✓' : ''}
                </span>
                {LOCALE_NAMES[l]}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
