import type { ThemeConfig } from 'antd';

/**
 * The brand blue: antd's blue-7, the lightest blue that reads at WCAG AA (4.5:1) as white text on a primary
 * button, as a link on white and on the selected menu entry's light blue (#1677ff, antd's default, gives 4.1).
 */
export const BRAND_PRIMARY = '#0958d9';
/** Secondary, description and placeholder text (antd's defaults, 45 % and 25 % black, give 3.4 and 1.8:1 on white): 62 % black, 5.9:1. */
export const TEXT_TERTIARY = 'rgba(0, 0, 0, 0.62)';

/** The shared antd theme: every remote's root uses it, so all areas look the same. */
export const portalTheme: ThemeConfig = {
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
  },
};

/** Spec §2: sidebar width. */
export const SIDEBAR_WIDTH = 240;

/** Rows of expired libraries (lists, Change Library): dark red on light red, 7:1. */
export const EXPIRED_ROW_COLORS = { color: '#a8071a', background: '#fff1f0' } as const;
