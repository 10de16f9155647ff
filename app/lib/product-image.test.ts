/** Product images and their shared placeholders. */
import { describe, expect, it } from 'vitest';
import { placeholderHue, productImageSrc, productImgProps } from './product-image.ts';

describe('productImgProps', () => {
  it("uses the product's first photo when it has one", () => {
    expect(productImgProps({ id: 'p1', images: [{ path: '/media/a.jpg' }], category: 'cigar' }, 'cart-line-img')).toEqual({
      src: '/media/a.jpg',
      className: 'cart-line-img',
    });
  });

  it("draws a product without photos with its category's shared drawing on its brand's hue", () => {
    const cigar = productImgProps({ id: 'p1', images: [], category: 'cigar', brand: 'Arturo Fuente' });
    const cigar2 = productImgProps({ id: 'p2', images: null, category: 'cigar', brand: 'Davidoff' });
    const pouch = productImgProps({ id: 'p3', category: 'rolling-tobacco', brand: 'Arturo Fuente' });
    const humidor = productImgProps({ id: 'p4', category: 'accessory', brand: 'adorini' }, 'x');
    expect(cigar.src).toMatch(/placeholder-cigar[^/]*\.svg/);
    expect(cigar2.src).toBe(cigar.src); // one URL for every cigar: one SVG document in the browser
    expect(pouch.src).toMatch(/placeholder-tobacco[^/]*\.svg/);
    expect(humidor.src).toMatch(/placeholder-accessory[^/]*\.svg/);
    expect(humidor.className).toBe('x ph');
    expect(cigar.style).toEqual({ '--ph-h': placeholderHue('Arturo Fuente') });
    expect(pouch.style).toEqual(cigar.style);
  });

  it('keeps hues in the warm range and stable', () => {
    for (const b of ['Arturo Fuente', 'Davidoff', 'adorini', '', 'Zürich']) {
      expect(placeholderHue(b)).toBeGreaterThanOrEqual(15);
      expect(placeholderHue(b)).toBeLessThan(45);
      expect(placeholderHue(b)).toBe(placeholderHue(b));
    }
  });

  it('keeps the per-product drawing for links that leave the page (og:image)', () => {
    expect(productImageSrc({ id: 'a b', images: [] })).toBe('/images/placeholder/a%20b.svg');
  });
});
