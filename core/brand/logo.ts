/**
 * The storefront logo of the settings (`siteLogo`, core/config/site-brand.ts): uploaded in the
 * admin settings, checked and rendered as product photos are (core/catalogue `renderPhoto`:
 * decoded by sharp, metadata stripped, AVIF/WebP/JPEG files in the photo store), so no file the
 * admin sends is ever served as sent (no SVG with scripts, no polyglot).
 */
import { getSettings, MAX_LOGO_BYTES, updateSettings, type ShopSettings } from '../config/index.ts';
import { photoStore, renderPhoto } from '../catalogue/index.ts';
import { DomainError } from '../errors.ts';
import type { Shop } from '../shop-type.ts';

/**
 * Sets the site logo from an uploaded image; the former logo's files are removed after the
 * settings point at the new one. Audited as a settings change (`settings.update`).
 * @param bytes the file as uploaded (PNG, JPEG, WebP, AVIF, GIF or TIFF), at most {@link MAX_LOGO_BYTES}.
 * @param actor `admin:<id>` of the admin.
 * @returns the settings after the change.
 * @throws {DomainError} `invalid` with field `siteLogo`: no file (`adminshop:errors.photoMissing`),
 *   too large (`admin:settings.logoTooLarge`, with `mb`), not an image or unreadable (the keys of
 *   `renderPhoto`, moved to the field `siteLogo`).
 */
export async function setSiteLogo(shop: Pick<Shop, 'db' | 'env'>, bytes: Uint8Array, actor: string): Promise<ShopSettings> {
  const mb = MAX_LOGO_BYTES / 1024 / 1024;
  if (bytes.byteLength > MAX_LOGO_BYTES)
    throw new DomainError('invalid', `The logo is too large (${mb} MB at most)`, {
      key: 'logoTooLarge',
      params: { mb },
      fields: { siteLogo: { key: 'admin:settings.logoTooLarge', params: { mb } } },
    });
  let rendered: Awaited<ReturnType<typeof renderPhoto>>;
  try {
    rendered = await renderPhoto(shop.env, bytes);
  } catch (e) {
    // the photo's message, on the logo's field
    if (e instanceof DomainError && e.opts.fields?.photo) throw new DomainError('invalid', e.message, { ...e.opts, fields: { siteLogo: e.opts.fields.photo } });
    throw e;
  }
  const before = (await getSettings(shop.db)).siteLogo;
  const next = await updateSettings(shop.db, { siteLogo: rendered }, actor).catch(async (e: unknown) => {
    await photoStore(shop.env)
      .removePrefix(`products/${rendered.id}/`)
      .catch(() => undefined);
    throw e;
  });
  if (before)
    await photoStore(shop.env)
      .removePrefix(`products/${before.id}/`)
      .catch(() => undefined);
  return next;
}

/**
 * Removes the site logo (the navbar shows the name alone); its files are deleted. Audited as a
 * settings change. Removing when there is none changes nothing.
 * @returns the settings after the change.
 */
export async function removeSiteLogo(shop: Pick<Shop, 'db' | 'env'>, actor: string): Promise<ShopSettings> {
  const before = (await getSettings(shop.db)).siteLogo;
  const next = await updateSettings(shop.db, { siteLogo: null }, actor);
  if (before)
    await photoStore(shop.env)
      .removePrefix(`products/${before.id}/`)
      .catch(() => undefined);
  return next;
}
