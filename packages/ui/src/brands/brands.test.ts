import { BRANDS, DEFAULT_PRODUCT_NAME, getBrand } from './brands';

describe('brands', () => {
  it('has the three flavours, differing in logo and news link only', () => {
    expect(Object.keys(BRANDS)).toEqual(['{product}', 'LIBTECS', 'DIALOCID']);
    const logos = new Set(Object.values(BRANDS).map((b) => b.logo));
    expect(logos.size).toBe(3);
    for (const brand of Object.values(BRANDS)) {
      expect(brand.logo.startsWith('data:image/svg+xml')).toBe(true);
      expect(decodeURIComponent(brand.logo)).toContain('<svg');
    }
    expect(BRANDS.LIBTECS.newsUrl).toMatch(/^https:\/\/www\.libtecs\.com\//);
    expect(BRANDS.DIALOCID.newsUrl).toMatch(/^https:\/\/www\.dialocid\.com\//);
    // No example.com placeholder: the {product} News link is a deploy-time setting (PORTAL_NEWS_URL), none by default.
    expect(BRANDS['{product}'].newsUrl).toBe('');
  });

  it('names the {product} brand with the default product name until the deploy settings say otherwise', () => {
    expect(BRANDS['{product}'].name).toBe(DEFAULT_PRODUCT_NAME);
    expect(decodeURIComponent(BRANDS['{product}'].logo)).toContain(BRANDS['{product}'].name);
  });

  it('falls back to the {product} brand for an unknown or missing flavour', () => {
    expect(getBrand('LIBTECS').name).toBe('LIBTECS');
    expect(getBrand('DIALOCID').name).toBe('DIALOCID');
    expect(getBrand(undefined)).toBe(BRANDS['{product}']);
    expect(getBrand('OTHER')).toBe(BRANDS['{product}']);
  });
});
