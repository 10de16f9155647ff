/** The site's name and logo from the settings (core/config/site-brand.ts), as the navbar shows them. */
import type { SiteBrand } from '../../core/config/browser.ts';

/** The logo (drawn at its stored size: no layout shift) and the name; the name alone without a logo. */
export function BrandMark({ brand }: { brand: SiteBrand }) {
  return (
    <>
      {brand.logo && (
        <img
          className="brand-logo"
          src={brand.logo.src}
          srcSet={brand.logo.srcSet}
          sizes={`${brand.logo.width}px`}
          width={brand.logo.width}
          height={brand.logo.height}
          alt=""
          data-testid="site-logo"
        />
      )}
      <span className="brand-name" data-testid="site-name">
        {brand.name}
      </span>
    </>
  );
}
