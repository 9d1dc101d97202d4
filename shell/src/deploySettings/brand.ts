import type { DeploySettings } from '@portal/contract';
import { getBrand, productLogo, type Brand } from '@portal/ui';

/** A user's brand with the deploy-time settings applied: the {product} flavour takes its name and News link from them. */
export function deployedBrand(flavor: string | null | undefined, settings: DeploySettings): Brand {
  const brand = getBrand(flavor);
  if (brand.flavor !== '{product}') return brand;
  return { ...brand, name: settings.productName, logo: productLogo(settings.productName), newsUrl: settings.newsUrl };
}
