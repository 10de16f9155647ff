/**
 * The promotional text banner (docs/product.md §2): the configuration's
 * `promotionalInfo.text`, alternating between two colours every PROMO_BANNER_BLINK_MS (1 s,
 * section 9). Static for visitors who prefer reduced motion. Nothing is rendered for an empty text.
 * The shop's built-in text is shown in the visitor's language, with the free-delivery threshold and
 * the delivery region of the settings; a text the admin wrote, as written (the caller picks the
 * admin's text for the page's language, English as fallback: core/config/promo-text.ts promoTextFor).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILT_IN_PROMO_TEXTS } from '../../core/config/browser.ts';
import { PROMO_BANNER_BLINK_MS } from '../constants.ts';
import { usePrice } from '../lib/format.ts';

/**
 * @param freeFrom the free-delivery threshold, Rappen (settings `freeShippingThreshold`).
 * @param liechtenstein whether Liechtenstein is delivered to (settings `deliverLiechtenstein`).
 */
export function PromoBanner({ text, freeFrom, liechtenstein = false }: { text: string; freeFrom: number; liechtenstein?: boolean }) {
  const { t } = useTranslation();
  const price = usePrice();
  const [phase, setPhase] = useState(0);
  useEffect(() => {
    if (!text) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const id = setInterval(() => setPhase((p) => 1 - p), PROMO_BANNER_BLINK_MS);
    return () => clearInterval(id);
  }, [text]);
  if (!text.trim()) return null;
  return (
    <div className="banner banner-promo" data-phase={phase} data-testid="promo-banner">
      {BUILT_IN_PROMO_TEXTS.includes(text.trim()) ? t('banner.promoDefault', { amount: price(freeFrom), context: liechtenstein ? 'li' : undefined }) : text}
    </div>
  );
}
