import { BRANDS, DEFAULT_PRODUCT_NAME, getBrand } from './brands';

describe('brands', () => {
  it('has the three flavours, differing in logo and news link only', () => {
    expect(Object.keys(BRANDS)).toEqual(['{product}', 'LIBTECS', 'DIALOCID']);
    const logos = new Set(Object.values(BRANDS).map((b) => b.logo));
    const news = new Set(Object.values(BRANDS).map((b) => b.newsUrl));
    expect(logos.size).toBe(3);
    expect(news.size).toBe(3);
    for (const brand of Object.values(BRANDS)) {
      expect(brand.logo.startsWith('data:image/svg+xml')).toBe(true);
      expect(decodeURIComponent(brand.logo)).toContain('<svg');
      expect(brand.newsUrl).toMatch(/^https:\/\//);
    }
  });

  it('names the {product} brand with the configured product name', () => {
    expect(BRANDS['{product}'].name).toBe(process.env.PORTAL_PRODUCT_NAME || DEFAULT_PRODUCT_NAME);
    expect(decodeURIComponent(BRANDS['{product}'].logo)).toContain(BRANDS['{product}'].name);
  });

  it('falls back to the {product} brand for an unknown or missing flavour', () => {
    expect(getBrand('LIBTECS').name).toBe('LIBTECS');
    expect(getBrand('DIALOCID').name).toBe('DIALOCID');
    expect(getBrand(undefined)).toBe(BRANDS['{product}']);
    expect(getBrand('OTHER')).toBe(BRANDS['{product}']);
  });
});
