/**
 * The dark-mode toggle (docs/product.md §1). The page follows the system setting until the
 * visitor chooses; the choice is a form post to /preferences (works without JavaScript), which
 * stores the `theme` cookie so the server renders `<html data-theme>` and no wrong theme flashes.
 */
import { useSyncExternalStore } from 'react';
import { Form, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LineIcon } from './LineIcon.tsx';

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** Whether the system prefers a dark theme (false where the browser cannot tell). */
const systemPrefersDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false;
/** Calls `onChange` whenever the system's preference changes; returns the unsubscribe function. */
function subscribeSystemDark(onChange: () => void): () => void {
  const mq = window.matchMedia?.(DARK_QUERY);
  if (!mq) return () => {};
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function ThemeToggle({
  theme,
  className = 'icon-btn',
  withText = false,
  testId = 'theme-toggle',
}: {
  theme: 'light' | 'dark' | null;
  className?: string;
  withText?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  // Following the system: the server cannot know it, the browser can (after hydration).
  const systemDark = useSyncExternalStore(subscribeSystemDark, systemPrefersDark, () => false);
  const dark = theme ? theme === 'dark' : systemDark;
  const next = dark ? 'light' : 'dark';
  const label = dark ? t('theme.toLight') : t('theme.toDark');
  return (
    <Form method="post" action="/preferences" className="theme-form" reloadDocument>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value={next} className={className} aria-label={withText ? undefined : label} title={label} data-testid={testId}>
        {dark ? (
          <LineIcon>
            <circle cx="12" cy="12" r="4.2" />
            <path d="M12 2.5v2.2M12 19.3v2.2M2.5 12h2.2M19.3 12h2.2M5.3 5.3l1.5 1.5M17.2 17.2l1.5 1.5M5.3 18.7l1.5-1.5M17.2 6.8l1.5-1.5" />
          </LineIcon>
        ) : (
          <LineIcon>
            <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
          </LineIcon>
        )}
        {withText && <span>{label}</span>}
      </button>
    </Form>
  );
}
