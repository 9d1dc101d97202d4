import type { ThemeConfig } from 'antd';

/**
 * The brand blue: antd's blue-7, the lightest blue that reads at WCAG AA (4.5:1) as white text on a primary
 * button, as a link on white and on the selected menu entry's light blue (#1677ff, antd's default, gives 4.1).
 */
export const BRAND_PRIMARY = '#0958d9';
/** Secondary, description and placeholder text (antd's defaults, 45 % and 25 % black, give 3.4 and 1.8:1 on white): 62 % black, 5.9:1. */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.62)';

/** Spec §2: sidebar width. */
export const SIDEBAR_WIDTH = 240;
/** The sidebar collapsed to its icons (antd's 80 px took a quarter of a phone's 360 px screen). */
export const SIDEBAR_COLLAPSED_WIDTH = 56;

/**
 * The shared antd theme: every remote's root uses it, so all areas look the same. Given the environment
 * (process.env.NODE_ENV, which webpack sets at build time): antd's components take their styles from its static
 * sheet (antd/dist/antd.css, imported by PortalProviders) instead of making them on first render (zeroRuntime,
 * less work for the renderer between Login and the complete dashboard, the signed-in shell shown sooner); at
 * run time antd writes only the theme's CSS variables, under the class `portal` on each component.
 * Web tests (NODE_ENV test) keep antd's runtime styles: those give jsdom only the rules of the components a suite
 * renders (~500, reduced to what shows or hides: scripts/jest/visibilityCss.ts), where the static sheet's 1,139
 * such rules made the web suites 3× slower (nwsapi recompiles every selector above 1,000).
 */
export function portalThemeFor(nodeEnv: string | undefined): ThemeConfig {
  return {
    zeroRuntime: nodeEnv !== 'test',
    hashed: false,
    cssVar: { key: 'portal' },
    token: {
      colorPrimary: BRAND_PRIMARY,
      colorLink: BRAND_PRIMARY,
      colorInfo: BRAND_PRIMARY,
      colorTextTertiary: TEXT_TERTIARY,
      colorTextDescription: TEXT_TERTIARY,
      colorTextPlaceholder: TEXT_TERTIARY,
      borderRadius: 6,
      fontSize: 14,
    },
    components: {
      Layout: { siderBg: '#001529', headerBg: '#ffffff', bodyBg: '#f5f5f5' },
      Card: { paddingLG: 16 },
      Menu: { collapsedWidth: SIDEBAR_COLLAPSED_WIDTH },
    },
  };
}

export const portalTheme: ThemeConfig = portalThemeFor(process.env.NODE_ENV);

/** Rows of expired libraries (lists, Change Library): dark red on light red, 7:1. */
export const EXPIRED_ROW_COLORS = { color: '#a8071a', background: '#fff1f0' } as const;
