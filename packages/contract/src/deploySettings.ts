/**
 * Deploy-time settings of the portal (no rebuild): served by the server at DEPLOY_SETTINGS_URL from its environment
 * and read by the shell at start. Unset values take these defaults (README, Configuration).
 */
export interface DeploySettings {
  /** The {product} flavour's name (its logo's text). PORTAL_PRODUCT_NAME. */
  productName: string;
  /** The About screen's Contact address; '' shows no Contact line. PORTAL_SUPPORT_EMAIL. */
  supportEmail: string;
  /** The {product} flavour's News link; '' shows no News link for that flavour. PORTAL_NEWS_URL. */
  newsUrl: string;
}

export const DEPLOY_SETTINGS_URL = '/portal-config.json';

export const DEFAULT_DEPLOY_SETTINGS: DeploySettings = { productName: 'Library Portal', supportEmail: '', newsUrl: '' };

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/;
const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const httpUrl = (value: string): string => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
};

/**
 * The settings from environment-like values (the server's process.env, or the shell's fetched file): a product name
 * up to 60 characters, a plain e-mail address, an http(s) URL; anything else falls back to the default.
 */
export function readDeploySettings(
  source: Record<string, unknown>,
  keys = {
    productName: 'PORTAL_PRODUCT_NAME',
    supportEmail: 'PORTAL_SUPPORT_EMAIL',
    newsUrl: 'PORTAL_NEWS_URL',
  },
): DeploySettings {
  const productName = text(source[keys.productName], 60);
  const supportEmail = text(source[keys.supportEmail], 254);
  const newsUrl = httpUrl(text(source[keys.newsUrl], 2000));
  return {
    productName: productName || DEFAULT_DEPLOY_SETTINGS.productName,
    supportEmail: EMAIL.test(supportEmail) ? supportEmail : DEFAULT_DEPLOY_SETTINGS.supportEmail,
    newsUrl: newsUrl || DEFAULT_DEPLOY_SETTINGS.newsUrl,
  };
}

/** The settings as the shell reads them back from DEPLOY_SETTINGS_URL (same checks, field names as keys). */
export const parseDeploySettings = (json: unknown): DeploySettings =>
  readDeploySettings(typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {}, {
    productName: 'productName',
    supportEmail: 'supportEmail',
    newsUrl: 'newsUrl',
  });
