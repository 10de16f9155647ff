/**
 * Shapes the server side of app/ (app/lib/*.server.ts) builds and the components show: here, in
 * the lower folder, so that app/lib and app/components do not depend on each other.
 */

/** What a picture needs of a product image (see `ProductImage` in core/db/schema/catalogue.ts). */
export type PictureImage = { path: string; alt?: string; id?: string; width?: number; height?: number; widths?: number[] };

/** A product as a card of the catalogue shows it; money in Rappen. */
export type CardProduct = {
  id: string;
  name: string;
  brand: string;
  /** Chooses the drawn placeholder of a product without photos. */
  category: string;
  vitola: string | null;
  lengthMm: number | null;
  ringGauge: number | null;
  strength: string | null;
  packaging: string;
  basePrice: number;
  discountPercent: number;
  stock: number;
  images: PictureImage[];
};

/** What a two-factor action answers the profile page (the step reached, and what to show). */
export type TwoFactorAnswer =
  { step: 'started'; secret: string; qrDataUrl: string } | { step: 'enabled'; recoveryCodes: string[] } | { step: 'disabled' | 'required' | 'optional' };
