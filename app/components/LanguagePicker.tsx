/**
 * The language picker in the navbar (specification section 2): the five picker languages; it
 * closes itself LANGUAGE_MENU_AUTOCLOSE_MS (4 s, section 9) after opening. Choosing posts to
 * /preferences, which remembers the language in the `lang` cookie and redirects back; the page
 * then renders in that language. Radix DropdownMenu gives keyboard access, focus handling and
 * Escape. (Without JavaScript the footer's language form does the same.)
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { useLocation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_MENU_AUTOCLOSE_MS } from '../constants.ts';
import { LOCALE_NAMES, PICKER_LOCALES, type Locale } from '../i18n/locales.ts';

export function LanguagePicker({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const submit = useSubmit();
  const location = useLocation();
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => setOpen(false), LANGUAGE_MENU_AUTOCLOSE_MS);
    return () => clearTimeout(id);
  }, [open]);
  const current = LOCALE_NAMES[lang as Locale] ?? lang;
  const code = lang.slice(0, 2).toUpperCase();
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger className="icon-btn lang-trigger" aria-label={`${code} – ${t('language.choose', { current })}`} data-testid="language-trigger">
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 12h18M12 3c2.8 3 2.8 15 0 18M12 3c-2.8 3-2.8 15 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {/* the accessible name starts with this visible code (WCAG 2.5.3, label in name) */}
        <span className="lang-code" aria-hidden="true">
          {code}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="end" data-testid="language-menu">
          <DropdownMenu.Label className="menu-label">{t('language.label')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={lang}
            onValueChange={(value) => submit({ lang: value, returnTo: location.pathname + location.search }, { method: 'post', action: '/preferences' })}
          >
            {PICKER_LOCALES.map((l) => (
              <DropdownMenu.RadioItem key={l} value={l} className="menu-item" lang={l} data-testid={`language-${l}`}>
                <DropdownMenu.ItemIndicator className="menu-check">✓</DropdownMenu.ItemIndicator>
                {LOCALE_NAMES[l]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
