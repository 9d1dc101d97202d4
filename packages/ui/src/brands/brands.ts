import { dialocidLogo, libtecsLogo, productLogo } from './logos';

export type BrandFlavor = '{product}' | 'LIBTECS' | 'DIALOCID';

/** A brand changes only the logo and the news link (spec §1); name is the logo's text alternative. */
export interface Brand {
  flavor: BrandFlavor;
  name: string;
  logo: string;
  newsUrl: string;
}

export const DEFAULT_PRODUCT_NAME = 'Library Portal';

/**
 * The display name of the {product} flavour: set PORTAL_PRODUCT_NAME at build time (webpack DefinePlugin
 * of `process.env.PORTAL_PRODUCT_NAME`), otherwise DEFAULT_PRODUCT_NAME.
 */
function productName(): string {
  try {
    return process.env.PORTAL_PRODUCT_NAME || DEFAULT_PRODUCT_NAME;
  } catch {
    return DEFAULT_PRODUCT_NAME; // no `process` in a browser build without the define
  }
}

export const PRODUCT_NAME = productName();

export const BRANDS: Readonly<Record<BrandFlavor, Brand>> = {
  '{product}': { flavor: '{product}', name: PRODUCT_NAME, logo: productLogo(PRODUCT_NAME), newsUrl: 'https://www.example.com/news' },
  LIBTECS: { flavor: 'LIBTECS', name: 'LIBTECS', logo: libtecsLogo, newsUrl: 'https://www.libtecs.com/news' },
  DIALOCID: { flavor: 'DIALOCID', name: 'DIALOCID', logo: dialocidLogo, newsUrl: 'https://www.dialocid.com/news' },
};

/** The brand of a user's flavour; unknown or missing flavours get the default {product} brand. */
export function getBrand(flavor: string | null | undefined): Brand {
  return flavor && flavor in BRANDS ? BRANDS[flavor as BrandFlavor] : BRANDS['{product}'];
}
