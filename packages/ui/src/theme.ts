import type { ThemeConfig } from 'antd';

/** The shared antd theme: every remote's root uses it, so all areas look the same. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    colorLink: '#1677ff',
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
