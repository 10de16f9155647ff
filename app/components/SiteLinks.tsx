/**
 * The site's page links, kept once for every menu that lists them: the navbar shows the first
 * three {@link SITE_PAGES}, the mobile menu the first four, the footer all of them and the
 * {@link LEGAL_PAGES}; the user menu and the mobile menu list the {@link accountLinks}.
 */
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page link: where it goes and the key of its label in the common namespace. */
export type SiteLink = {
  to: string;
  label: string;
  /** Marked current on this exact path only (the home page), not on the pages below it. */
  end?: boolean;
  testId?: string;
};

/** The shop's pages, in menu order. */
export const SITE_PAGES: readonly SiteLink[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/client/products', label: 'nav.products' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/about', label: 'nav.about' },
  { to: '/readme', label: 'nav.readme' },
];

/** The legal information pages (footer). */
export const LEGAL_PAGES: readonly SiteLink[] = [
  { to: '/client/privacypolicy', label: 'footer.privacy' },
  { to: '/client/termsandconditions', label: 'footer.terms' },
  { to: '/client/returns', label: 'footer.returns' },
  { to: '/client/shipping', label: 'footer.shipping' },
];

/** Whether a role may see the Influencer Profile (docs/product.md §6). */
function hasInfluencerProfile(role: string | undefined): boolean {
  return role === 'Influencer' || role === 'Admin';
}

/** A signed-in user's account pages: Profile, Influencer Profile (by role), History. */
export function accountLinks(role: string): SiteLink[] {
  return [
    { to: '/profile', label: 'user.profile' },
    ...(hasInfluencerProfile(role) ? [{ to: '/client/influencer', label: 'user.influencer' }] : []),
    { to: '/client/history', label: 'user.history' },
  ];
}

/**
 * The links as list items: `NavLink`s that mark the current page (`current`, the menus) or plain
 * `Link`s; `onNavigate` runs on a click (a menu closes).
 */
export function LinkItems({
  links,
  current = false,
  className,
  onNavigate,
}: {
  links: readonly SiteLink[];
  current?: boolean;
  className?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {links.map(({ to, label, end, testId }) => (
        <li key={to}>
          {current ? (
            <NavLink to={to} end={end} className={className} onClick={onNavigate} data-testid={testId}>
              {t(label)}
            </NavLink>
          ) : (
            <Link to={to} className={className} onClick={onNavigate} data-testid={testId}>
              {t(label)}
            </Link>
          )}
        </li>
      ))}
    </>
  );
}
