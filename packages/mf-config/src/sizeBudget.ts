import type { AsyncDependenciesBlock, ChunkGroup, Compilation, Compiler, Module } from 'webpack';
import type { SharedPackage } from './shared';
import { chunkContents } from './sharedDuplicateCheck';

/**
 * What each app may send, brotli-compressed, in KB: the shell everything it emits (the login page and the
 * shared libraries every remote uses), a remote its own code (remoteEntry.js, its pages and chunks; not its
 * fallback copies of the shared libraries, which the shell provides). The build fails above it.
 */
export const SIZE_BUDGETS_KB: Record<string, number> = {
  // Each budget leaves some room above the app's current size (each build prints it; docs/performance.md). The
  // shell's login page has its own budget below, the style sheets theirs (CSS_BUDGETS_KB), its antd share keys theirs
  // (SHARE_KEY_BUDGETS_KB). antd itself is shared cut down to the exports the apps use (sharedExports.ts), the
  // components no first view renders under a key of their own (componentShares.ts), react-router cut down the same
  // way, and the contract without its schemas and typebox (its browser entry), and the whole federation runtime-core,
  // which the remotes it loads use instead of their own (createWebpackConfig.ts), and antd's and moment's nine
  // locales each in a chunk of its own (a page loads its language's): 700 KB (687 with two component keys, 681 with
  // one, antd's chunks as webpack's defaults split them); earlier, with the locales in two chunks 692, with each remote's own
  // runtime 680, react-router whole 728, with typebox 778, antd in one cut-down copy 750, antd whole 837.
  shell: 720,
  // The remotes the shell loads, without a federation runtime of their own (about 34 KB less each, in
  // remoteEntry.js and the standalone entry), each page a chunk of its own (a remote's first view loads only its
  // page; the split costs mf-items 11 KB of its total): mf-items 208 KB, mf-settings 53, mf-dashboard 45,
  // mf-statistics 39, mf-selfcheck 33. mf-public (its own page, with its runtime) 89.
  'mf-items': 220,
  'mf-settings': 60,
  'mf-dashboard': 60,
  'mf-statistics': 50,
  'mf-selfcheck': 45,
  'mf-public': 110,
};

/**
 * What an app's style sheets (its `.css` files, within SIZE_BUDGETS_KB) may send, brotli, KB. The shell's hold antd's
 * static sheet (antd/dist/antd.css: the theme's zeroRuntime, loaded with the signed-in shell, not the login page),
 * which replaces the styles antd made at run time, cut to the components the apps use (componentSheet.ts): 66 KB,
 * whole 82; and the login page's own. A remote's sheets are a few KB.
 */
export const CSS_BUDGETS_KB: Record<string, number> = {
  shell: 75,
};

/**
 * What a shared library the app provides may send when a page first uses it (brotli, KB): every chunk its share
 * key's module loads (antd's keys: antd's own chunk, which holds internals they use, and their own chunks,
 * shareChunks.ts). The shell's `antd` key is the antd every signed-in page loads, whatever it renders; its other
 * components come with their own keys (componentShares.ts): 124 KB, a chunk and the 4 KB of icons and rc-util
 * modules the shell's own chunks also hold; 155 with `antd/cards`' components in it, 189 with App, Modal, Result and
 * Descriptions too. With antd's chunk and the chunks of what they share with other keys: `antd/pickers` (the
 * counters page's) 153, `antd/tables-forms` (a list page's) 208, `antd/more` 201, `antd/cards` (the dashboard's and
 * the counters page's) 163.
 */
export const SHARE_KEY_BUDGETS_KB: Record<string, Record<string, number>> = {
  shell: { antd: 140, 'antd/pickers': 195, 'antd/tables-forms': 255, 'antd/more': 240, 'antd/cards': 185 },
};

/**
 * What an app's first page may send (brotli, KB; the html, its entry and every chunk and shared library it needs
 * before it shows), and the names of the chunks it loads later (a webpackChunkName magic comment on their import()).
 * The shell's is the login page: measured in Chromium by `pnpm --filter @portal/e2e bench:signin`.
 */
export interface FirstPageBudget {
  kb: number;
  later: readonly string[];
}
export const FIRST_PAGE_BUDGETS: Record<string, FirstPageBudget> = {
  // The login page: 251 KB, counting all nine locales of antd and moment (it loads its language's); 239 with them
  // in two chunks, 228 before it held the whole federation runtime-core for the remotes.
  shell: { kb: 260, later: ['signed-in'] },
};

export interface AppSize {
  raw: number;
  gzip: number;
  brotli: number;
  files: number;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** The line the build prints for one app. */
export function sizeLine(app: string, size: AppSize, budgetKb: number | undefined): string {
  const budget = budgetKb === undefined ? 'no budget' : `budget ${budgetKb} KB`;
  return `size ${app}: ${kb(size.brotli)} brotli, ${kb(size.gzip)} gzip, ${kb(size.raw)} raw in ${size.files} files (${budget})`;
}

export const overBudget = (size: AppSize, budgetKb: number | undefined) => budgetKb !== undefined && size.brotli > budgetKb * 1024;

/** The line the build prints for an app's first page. */
export function firstPageLine(app: string, size: AppSize, budgetKb: number): string {
  return `size ${app} first page: ${kb(size.brotli)} brotli, ${kb(size.gzip)} gzip, ${kb(size.raw)} raw in ${size.files} files (budget ${budgetKb} KB)`;
}

/** The files an app sends itself (see SIZE_BUDGETS_KB). */
function appFiles(compilation: Compilation, packages: SharedPackage[], isHost: boolean): Set<string> {
  const files = new Set<string>();
  for (const chunk of compilation.chunks) {
    if (!isHost && chunkContents(compilation, chunk, packages).fromShare) continue;
    chunk.files.forEach((file) => files.add(file));
  }
  for (const { name } of compilation.getAssets()) if (name.endsWith('.html')) files.add(name);
  return files;
}

/**
 * The files the `main` entry's page loads before it shows: its html, the entry's chunks and, through every
 * import() and shared-library use of their modules, the chunks those need, except chunk groups named in `later`
 * (and what only they need). The share scope's providers are not followed: a library provided but not used is
 * never fetched.
 */
export function firstPageFiles(compilation: Compilation, later: readonly string[]): Set<string> {
  const { chunkGraph } = compilation;
  const files = new Set<string>(['index.html']);
  const seen = new Set<ChunkGroup>();
  const entry = compilation.entrypoints.get('main');
  const queue: ChunkGroup[] = entry ? [entry] : [];
  const followBlocks = (block: Module | AsyncDependenciesBlock) => {
    for (const child of block.blocks) {
      const group = chunkGraph.getBlockChunkGroup(child as AsyncDependenciesBlock);
      if (group) queue.push(group);
      followBlocks(child);
    }
  };
  for (let group = queue.pop(); group; group = queue.pop()) {
    if (seen.has(group) || (group.name && later.includes(group.name))) continue;
    seen.add(group);
    for (const chunk of group.chunks) {
      chunk.files.forEach((file) => files.add(file));
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'provide-module') followBlocks(module);
      }
    }
  }
  return files;
}

/** The files the module provided under a share key loads (its chunk group), or undefined: not provided. */
export function shareKeyFiles(compilation: Compilation, key: string): Set<string> | undefined {
  for (const module of compilation.modules) {
    // @module-federation/enhanced's ProvideSharedModule keeps its share key in `_name`.
    if (module.type !== 'provide-module' || (module as Module & { _name?: string })._name !== key) continue;
    const files = new Set<string>();
    for (const block of module.blocks) {
      const group = compilation.chunkGraph.getBlockChunkGroup(block as AsyncDependenciesBlock);
      group?.chunks.forEach((chunk) => chunk.files.forEach((file) => files.add(file)));
    }
    return files;
  }
  return undefined;
}

/** The files' sizes, with their compressed siblings' (a file left uncompressed counts raw). */
function filesSize(compilation: Compilation, files: Set<string>): AppSize {
  const size = { raw: 0, gzip: 0, brotli: 0, files: 0 };
  for (const file of files) {
    const raw = compilation.getAsset(file)?.source.size() ?? 0;
    size.raw += raw;
    size.gzip += compilation.getAsset(`${file}.gz`)?.source.size() ?? raw;
    size.brotli += compilation.getAsset(`${file}.br`)?.source.size() ?? raw;
    size.files += 1;
  }
  return size;
}

/** Prints the app's transferred size and fails the build above its budget (after PrecompressPlugin). */
export class SizeBudgetPlugin {
  constructor(
    private readonly app: string,
    private readonly packages: SharedPackage[],
    private readonly isHost: boolean,
    private readonly firstPage: FirstPageBudget | undefined = FIRST_PAGE_BUDGETS[app],
    private readonly cssKb: number | undefined = CSS_BUDGETS_KB[app],
    private readonly shareKeyKb: Record<string, number> = SHARE_KEY_BUDGETS_KB[app] ?? {},
    /**
     * Keys that also provide what older releases still in dist/ take from them (componentShares.ts): their size and
     * the app's are printed, not held to the budget, so keeping a release to roll back to never fails the build.
     */
    private readonly servingReleases: ReadonlySet<string> = new Set(),
  ) {}

  apply(compiler: Compiler): void {
    const { Compilation, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SizeBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SizeBudgetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = appFiles(compilation, this.packages, this.isHost);
        const check = (name: string, size: AppSize, budget: number | undefined) => {
          console.log(sizeLine(name, size, budget));
          if (overBudget(size, budget)) compilation.errors.push(new WebpackError(`${sizeLine(name, size, budget)}: over budget`));
        };
        const total = filesSize(compilation, files);
        if (this.servingReleases.size) console.log(`${sizeLine(this.app, total, SIZE_BUDGETS_KB[this.app])}, with what older releases take: not held to it`);
        else check(this.app, total, SIZE_BUDGETS_KB[this.app]);
        const sheets = new Set([...files].filter((file) => file.endsWith('.css')));
        if (sheets.size) check(`${this.app} css`, filesSize(compilation, sheets), this.cssKb);
        for (const [key, kb] of Object.entries(this.shareKeyKb)) {
          const keyFiles = shareKeyFiles(compilation, key);
          if (keyFiles && this.servingReleases.has(key))
            console.log(`${sizeLine(`${this.app} share ${key}`, filesSize(compilation, keyFiles), kb)}, with what older releases take: not held to it`);
          else if (keyFiles) check(`${this.app} share ${key}`, filesSize(compilation, keyFiles), kb);
          else compilation.errors.push(new WebpackError(`size ${this.app} share ${key}: the build provides no share key ${key} (SHARE_KEY_BUDGETS_KB)`));
        }
        const { firstPage } = this;
        if (!firstPage) return;
        const pageSize = filesSize(compilation, firstPageFiles(compilation, firstPage.later));
        console.log(firstPageLine(this.app, pageSize, firstPage.kb));
        if (overBudget(pageSize, firstPage.kb)) compilation.errors.push(new WebpackError(`${firstPageLine(this.app, pageSize, firstPage.kb)}: over budget`));
      });
    });
  }
}
