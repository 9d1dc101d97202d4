import type { StorybookConfig } from '@storybook/react-webpack5';
import AntdMomentWebpackPlugin from '@ant-design/moment-webpack-plugin';

/**
 * Storybook of the shared UI: the generic list and dialogs (packages/lists) and the shared components
 * (packages/ui). Stories sit beside their components as *.stories.tsx.
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-webpack5-compiler-swc', { name: '@storybook/addon-essentials', options: { docs: false } }],
  framework: { name: '@storybook/react-webpack5', options: {} },
  // Types are checked by tsc; docgen would parse every component again.
  typescript: { check: false, reactDocgen: false },
  swc: (options) => ({
    ...options,
    jsc: { ...options.jsc, transform: { react: { runtime: 'automatic' } } },
  }),
  core: { disableTelemetry: true },
  webpackFinal: async (webpackConfig) => {
    // As in the apps: antd's date pickers use moment (the product's date library) instead of dayjs.
    webpackConfig.plugins = [...(webpackConfig.plugins ?? []), new AntdMomentWebpackPlugin()];
    return webpackConfig;
  },
};

export default config;
