/**
 * A product's photo as a `<picture>`: AVIF, then WebP, then JPEG, each with a `srcset` of the
 * rendered widths, intrinsic `width`/`height` (no layout shift) and its alt text. Catalogue images
 * without renditions and products without photos fall back to a plain `<img>` (the drawn
 * placeholder for the latter: `productImgProps`).
 */
import { productImgProps, type ImageProduct } from '../lib/product-image.ts';
import type { PictureImage } from '../lib/view-types.ts';

/** What the component needs of an image (see `ProductImage` in core/db/schema/catalogue.ts). */
export type { PictureImage };

export function ProductPicture({
  product,
  sizes,
  width,
  height,
  alt,
  loading,
  fetchPriority,
  index = 0,
}: {
  product: Omit<ImageProduct, 'images'> & { images?: PictureImage[] | null };
  sizes: string;
  width: number;
  height: number;
  alt?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  index?: number;
}) {
  const img = product.images?.[index];
  if (!img?.id || !img.widths?.length)
    return (
      <img
        {...(img?.path ? { src: img.path } : productImgProps({ ...product, images: null }))}
        alt={alt ?? ''}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
      />
    );
  const set = (fmt: string) => img.widths!.map((w) => `/media/products/${img.id}/${w}.${fmt} ${w}w`).join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={set('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={set('webp')} sizes={sizes} />
      <img
        src={img.path}
        srcSet={set('jpg')}
        sizes={sizes}
        alt={img.alt || alt || ''}
        width={img.width ?? width}
        height={img.height ?? height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
