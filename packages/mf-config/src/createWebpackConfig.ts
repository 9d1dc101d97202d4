import path from 'node:path';
import AntdMomentWebpackPlugin from '@ant-design/moment-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import {
  ContextReplacementPlugin,
  IgnorePlugin,
  NormalModuleReplacementPlugin,
  type Configuration,
  type PathData,
  type RuleSetRule,
  type WebpackPluginInstance,
} from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { findWorkspaceRoot, readCatalog } from './catalog';
import { appVersion, RegistryPartPlugin, remoteBasePath, remoteDistDir } from './registryPart';
import { ComponentSheetPlugin } from './componentSheet';
import { PrecompressPlugin } from './precompress';
import { componentKeys, componentNames, componentShares, transformImportsOptions } from './componentShares';
import { shareKeyCacheGroups } from './shareChunks';
import { buildShared, sharedPackageDirs } from './shared';
import { aliasTargets, SharedExportsPlugin, sharedSubsets, TREE_SHAKEN_LIBRARIES } from './sharedExports';
import { SharedDuplicateCheckPlugin } from './sharedDuplicateCheck';
import { SizeBudgetPlugin } from './sizeBudget';
import { LOCALES } from './translations';

/** An extra html page built from its own entry, e.g. mf-public's standalone public.html. */
export interface PageOptions {
  /** Entry (and chunk) name. */
  name: string;
  /** Entry module, relative to the app folder. */
  entry: string;
  /** Emitted html file name. */
  filename: string;
  /** Paths the dev server answers with this page instead of index.html. */
  devPaths?: RegExp;
  /** The page's html title (defaults to the app's). */
  title?: string;
}

export interface AppOptions {
  /** The app folder (its webpack.config.js passes __dirname). */
  appDir: string;
  /** Module Federation name: 'shell' or the folder name with '_' (mf_dashboard). */
  name: string;
  /** Title of the app's index.html (defaults to the name). */
  title?: string;
  /** Exposed modules of a remote; remotes expose only './lifecycles'. */
  exposes?: Record<string, string>;
  /** The shell: served at the site root, loads remotes at run time from /registry.json. */
  isHost?: boolean;
  /** webpack-dev-server port of `pnpm dev`. */
  port: number;
  pages?: PageOptions[];
}

type Mode = 'production' | 'development';
interface CliArgv {
  mode?: string;
}

/** Where the reference server listens in development; the dev servers proxy /api (and the shell its remotes) to it. */
const devBackend = () => process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';

// Loaders are resolved here: the apps do not install them, only @portal/mf-config does. The swc plugin imports
// antd's component exports from their own share keys (componentShares.ts).
function swcLoader(development: boolean, rootDir: string) {
  return {
    loader: require.resolve('swc-loader'),
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
        target: 'es2020',
        experimental: {
          plugins: [[require.resolve('@swc/plugin-transform-imports'), transformImportsOptions()]],
          cacheRoot: path.join(rootDir, 'node_modules', '.cache', 'swc'),
        },
      },
      module: { type: 'es6' },
    },
  };
}

/**
 * Style sheets. In production each chunk's CSS is a `.css` file of its own, which the chunk's loader links beside
 * its scripts: the browser parses it as CSS, where style-loader shipped it as a script holding a string to inject
 * (antd's static sheet is ~1 MB). A shared module's sheet belongs to the chunk of the copy the share scope picks,
 * so a remote on the shell's @portal/ui adds no second sheet. Development injects them with style-loader.
 */
export function styleSheets(development: boolean): { rule: RuleSetRule; plugins: WebpackPluginInstance[] } {
  const css = require.resolve('css-loader');
  if (development) return { rule: { test: /\.css$/, use: [require.resolve('style-loader'), css] }, plugins: [] };
  return {
    rule: { test: /\.css$/, use: [MiniCssExtractPlugin.loader, css] },
    plugins: [new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' })],
  };
}

/**
 * `[name].[contenthash:8].js`, except when asked before content hashes exist: Module Federation's runtime
 * module only needs the output folder depth then, and a plain template would make webpack throw.
 */
function contentHashedJs(pathData: PathData): string {
  const contentHash = (pathData.chunk as { contentHash?: Record<string, string> } | undefined)?.contentHash;
  return pathData.chunk && !contentHash?.javascript ? '[name].js' : '[name].[contenthash:8].js';
}

function devServer(options: AppOptions): DevServerConfiguration {
  const rewrites = (options.pages ?? []).filter((page) => page.devPaths).map((page) => ({ from: page.devPaths as RegExp, to: `/${page.filename}` }));
  return {
    port: options.port,
    hot: false, // a remote is re-fetched whole by the host; live reload is enough and avoids HMR across containers
    historyApiFallback: { rewrites, index: '/index.html' },
    // The shell on another port loads this remote's manifest and chunks.
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [
      {
        context: options.isHost ? ['/api', '/registry.json', '/remotes'] : ['/api'],
        target: devBackend(),
        changeOrigin: true,
      },
    ],
    client: { overlay: { errors: true, warnings: false } },
  };
}

/**
 * moment's locales: @portal/i18n loads the current language's with `import(\`moment/locale/${name}\`)`, each a chunk
 * of its own; only the portal's nine are kept in that folder's context (en-US is moment's built-in 'en'). moment's
 * own loader (`require('./locale/' + name)` in moment.js, which would bundle every locale into moment's chunk) is
 * ignored, and a locale file's `require('../moment')` takes the shared moment (MOMENT_LOCALE_PLUGINS).
 */
const MOMENT_LOCALES = new RegExp(
  `^\\./(${LOCALES.filter((lng) => lng !== 'en-US')
    .map((lng) => lng.toLowerCase())
    .join('|')})(\\.js)?$`,
);

const MOMENT_LOCALE_PLUGINS = (): WebpackPluginInstance[] => [
  new ContextReplacementPlugin(/moment[/\\]locale$/, MOMENT_LOCALES),
  new IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /[/\\]moment$/ }),
  new NormalModuleReplacementPlugin(/^\.\.\/moment$/, (resource: { context: string; request: string }) => {
    if (/[/\\]moment[/\\]locale$/.test(resource.context)) resource.request = 'moment';
  }),
];

/**
 * Every app's html pages come from one template: a `#root` element and the scripts html-webpack-plugin adds. Each
 * page links the portal's icon, emitted beside it (without one the browser asks for /favicon.ico, a 404).
 */
const HTML_TEMPLATE = path.join(__dirname, '..', 'public', 'index.html');
const FAVICON = path.join(__dirname, '..', 'public', 'favicon.svg');

export function htmlPages(options: Pick<AppOptions, 'name' | 'title' | 'pages'>, htmlPublicPath: string): WebpackPluginInstance[] {
  const page = (filename: string, chunk: string, title: string) =>
    new HtmlWebpackPlugin({ filename, chunks: [chunk], publicPath: htmlPublicPath, template: HTML_TEMPLATE, title, favicon: FAVICON });
  const title = options.title ?? options.name;
  return [page('index.html', 'main', title), ...(options.pages ?? []).map((p) => page(p.filename, p.name, p.title ?? title))];
}

/**
 * The one webpack + Module Federation configuration of every app (shell and remotes): swc for TypeScript,
 * the shared singletons from the single list with catalog versions, mf-manifest.json, content-hashed
 * files, antd pickers on moment, and the build-time checks (shared library bundled twice, registry part).
 * The returned function is what webpack.config.js exports (webpack-cli passes --mode in argv).
 */
export function createWebpackConfig(options: AppOptions) {
  return (_env: unknown, argv: CliArgv = {}): Configuration => {
    const mode: Mode = argv.mode === 'development' || (!argv.mode && process.env.WEBPACK_SERVE) ? 'development' : 'production';
    const development = mode === 'development';
    const { appDir, name } = options;
    const rootDir = findWorkspaceRoot(appDir);
    // The shell's production build shares antd cut down to what the apps use (sharedExports.ts); development
    // shares it whole, so a new import works before the shell is restarted.
    const subsets = options.isHost && !development ? sharedSubsets(rootDir, appDir, componentNames()) : {};
    // antd's heavy components are shared under a key of their own, loaded with the chunks that use them.
    const components = componentShares(rootDir, appDir, options.isHost && !development);
    const shared = buildShared(appDir, readCatalog(rootDir), subsets, components);
    const sharedPackages = sharedPackageDirs(appDir, shared);
    const isRemote = !options.isHost;
    // One copy of the federation runtime on the page: the shell's production build puts its runtime-core on the
    // page (a global), the remotes it loads use it instead of their own. Not a remote with standalone pages
    // (mf-public's public.html runs without the shell), nor development (a remote opened directly).
    const runtime = development ? undefined : options.isHost ? 'provided' : options.pages?.length ? undefined : 'shell';
    const app = path.basename(appDir);
    // html files are served from deep URLs (/inventories/3/sections, /capacities/x), so their script tags must
    // be absolute; chunks themselves use publicPath 'auto' (wherever remoteEntry.js or the entry was loaded from).
    // A remote's release lives in dist/<version>/ and is served from /remotes/<app>/<version>/ (older releases
    // stay beside it); the shell is not versioned (it is served at the site root).
    const version = isRemote ? appVersion(appDir) : undefined;
    const htmlPublicPath = development || !version ? '/' : remoteBasePath(app, version);
    const hashed = development ? '[name].js' : contentHashedJs;
    // A shared key's generated module can name two chunks alike (its provided copy and its fallback): in
    // development their content tells them apart.
    const chunkHashed = development ? '[name].[contenthash:8].js' : contentHashedJs;
    // Opt-in (PORTAL_WEBPACK_CACHE=1): a warm rebuild needs about a third of the CPU, but writing the cache
    // makes a cold build (CI, a fresh clone) about 45% slower and 50% bigger in memory.
    const persistentCache = process.env.PORTAL_WEBPACK_CACHE === '1';
    const styles = styleSheets(development);
    // The shell's sheets keep the rules of the antd components the apps use (its cut-down antd holds just those).
    const antdDir = options.isHost && !development ? sharedPackages.find((share) => share.name === 'antd')?.dir : undefined;

    return {
      mode,
      context: appDir,
      cache: persistentCache
        ? {
            type: 'filesystem',
            cacheDirectory: path.join(rootDir, 'node_modules', '.cache', 'webpack', name),
            name: mode,
            // A change to this builder, an app's config, the catalog or the lockfile starts afresh.
            buildDependencies: {
              config: [
                path.join(__dirname, path.sep),
                path.join(appDir, 'webpack.config.js'),
                path.join(appDir, 'package.json'),
                path.join(rootDir, 'pnpm-workspace.yaml'),
                path.join(rootDir, 'pnpm-lock.yaml'),
              ],
            },
          }
        : development,
      entry: {
        main: './src/index.ts',
        ...Object.fromEntries((options.pages ?? []).map((page) => [page.name, page.entry])),
      },
      output: {
        path: version ? remoteDistDir(appDir, version) : path.join(appDir, 'dist'),
        publicPath: 'auto',
        filename: hashed,
        chunkFilename: chunkHashed,
        assetModuleFilename: development ? '[name][ext]' : '[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      devtool: development ? 'eval-cheap-module-source-map' : false,
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: aliasTargets(appDir) },
      module: {
        rules: [
          { test: /\.[cm]?tsx?$/, exclude: /node_modules/, use: swcLoader(development, rootDir) },
          styles.rule,
          { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?|ttf|eot)$/, type: 'asset' },
        ],
      },
      plugins: [
        ...htmlPages(options, htmlPublicPath),
        ...styles.plugins,
        new AntdMomentWebpackPlugin(),
        new ModuleFederationPlugin({
          name,
          ...(options.exposes ? { filename: 'remoteEntry.js', exposes: options.exposes } : {}),
          // No remote is compiled in: the shell registers them at run time from /registry.json.
          remotes: {},
          shared,
          // The default ('version-first') fetches every remote entry at start: one dead remote would break the
          // shell and the public page would load everything.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          ...(runtime ? { experiments: runtime === 'provided' ? { provideExternalRuntime: true } : { externalRuntime: true } } : {}),
        }),
        ...MOMENT_LOCALE_PLUGINS(),
        new SharedDuplicateCheckPlugin(sharedPackages, rootDir),
        ...(isRemote ? [new RegistryPartPlugin(appDir)] : []),
        ...(development
          ? []
          : [
              new SharedExportsPlugin(
                [...TREE_SHAKEN_LIBRARIES, ...Object.keys(components)],
                isRemote
                  ? undefined
                  : {
                      ...Object.fromEntries(TREE_SHAKEN_LIBRARIES.map((library) => [library, subsets[library]?.provided ?? '*'])),
                      ...Object.fromEntries(Object.entries(components).map(([key, { names }]) => [key, [...names]])),
                    },
                runtime,
              ),
              ...(antdDir ? [new ComponentSheetPlugin(antdDir)] : []),
              new PrecompressPlugin(),
              new SizeBudgetPlugin(
                app,
                sharedPackages,
                !isRemote,
                undefined,
                undefined,
                undefined,
                new Set(Object.keys(components).filter((key) => components[key].forReleases.length)),
              ),
            ]),
      ],
      optimization: development
        ? {}
        : {
            minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false, parallel: 1 })],
            // A remote's pages are fetched each with its route (lazyPage): modules several pages share go to a
            // chunk of their own from 5 KB (webpack's 20 KB default copied them into every page's chunk).
            ...(isRemote ? { splitChunks: { minSize: 5_000 } } : {}),
            // The shell provides antd under several keys: antd's own key in one chunk, what the other keys share in
            // another, loaded by each of them (shareChunks.ts).
            ...(options.isHost
              ? {
                  splitChunks: {
                    cacheGroups: shareKeyCacheGroups(
                      'antd',
                      componentKeys()
                        .filter((entry) => entry.library === 'antd')
                        .map((entry) => entry.key),
                      'antd',
                    ),
                  },
                }
              : {}),
          },
      performance: { hints: false },
      devServer: devServer(options),
      stats: development ? 'minimal' : 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
  };
}
