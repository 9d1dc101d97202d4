import { dialocidLogo, libtecsLogo, productLogo } from './logos';

export type BrandFlavor = '{product}' | 'LIBTECS' | 'DIALOCID';

/** A brand changes only the logo and the news link (spec §1); name is the logo's text alternative. */
export interface Brand {
  flavor: BrandFlavor;
  name: string;
  logo: string;
  newsUrl: string;
}

/**
 * The {product} flavour's name and News link are deploy-time settings (PORTAL_PRODUCT_NAME, PORTAL_NEWS_URL, served
 * by the server at /portal-config.json and applied by the shell); these are their defaults, used until they arrive.
 */
export const DEFAULT_PRODUCT_NAME = 'Library Portal';
export const PRODUCT_NAME = DEFAULT_PRODUCT_NAME;

export const BRANDS: Readonly<Record<BrandFlavor, Brand>> = {
  '{product}': { flavor: '{product}', name: PRODUCT_NAME, logo: productLogo(PRODUCT_NAME), newsUrl: '' },
  LIBTECS: { flavor: 'LIBTECS', name: 'LIBTECS', logo: libtecsLogo, newsUrl: 'https://www.libtecs.com/news' },
  DIALOCID: { flavor: 'DIALOCID', name: 'DIALOCID', logo: dialocidLogo, newsUrl: 'https://www.dialocid.com/news' },
};

/** The brand of a user's flavour; unknown or missing flavours get the default {product} brand. */
export function getBrand(flavor: string | null | undefined): Brand {
  return flavor && flavor in BRANDS ? BRANDS[flavor as BrandFlavor] : BRANDS['{product}'];
}
