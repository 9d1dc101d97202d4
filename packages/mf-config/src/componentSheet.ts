import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import type { Compiler, Module } from 'webpack';

/**
 * The class prefixes antd's code asks for: `getPrefixCls('table')` gives `ant-table`, and every class the component
 * renders starts with it (`getPrefixCls(x || 'select')` too).
 */
const PREFIX_CALL = /getPrefixCls\(\s*(?:[\w.]+\s*\|\|\s*)?['"]([a-z][a-z-]*)['"]/g;

export function prefixesIn(source: string): string[] {
  return [...source.matchAll(PREFIX_CALL)].map((match) => match[1]);
}

/** Every prefix of every antd component (its ES build's files). */
export function allPrefixes(antdDir: string): Set<string> {
  const prefixes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) prefixesIn(readFileSync(file, 'utf8')).forEach((prefix) => prefixes.add(prefix));
    }
  };
  walk(path.join(antdDir, 'es'));
  return prefixes;
}

/** The component prefix a class belongs to (the longest that starts it: `ant-input-number-x` is input-number's). */
export function prefixOf(className: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const prefix of known) {
    const cls = `ant-${prefix}`;
    if ((className === cls || className.startsWith(`${cls}-`)) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best;
}

/**
 * The sheet without the selectors that name a class of a component not used: such a selector matches no element.
 * A rule goes when all its selectors do; classes of no component (motions such as `ant-slide-up`) stay.
 */
export function trimSheet(css: string, known: Set<string>, used: Set<string>): string {
  const unused = [...known].filter((prefix) => !used.has(prefix));
  if (!unused.length) return css;
  const cache = new Map<string, boolean>();
  const isUnused = (className: string) => {
    let result = cache.get(className);
    if (result === undefined) {
      const prefix = prefixOf(className, known);
      result = prefix !== undefined && !used.has(prefix);
      cache.set(className, result);
    }
    return result;
  };
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => ![...selector.matchAll(/\.(ant-[\w-]+)/g)].some(([, className]) => isUnused(className)));
    if (!kept.length) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

function antdSources(module: Module, antdDir: string): string[] {
  const nested = (module as unknown as { modules?: Module[] }).modules; // ConcatenatedModule
  if (nested) return nested.flatMap((inner) => antdSources(inner, antdDir));
  const resource = (module as unknown as { resource?: string }).resource;
  if (!resource?.startsWith(antdDir + path.sep) || !resource.endsWith('.js')) return [];
  return [String(module.originalSource()?.source() ?? '')];
}

/**
 * The shell's style sheets keep only the rules of the antd components its build holds (antd is shared cut down to the
 * exports the apps use, so those are what any page can render; sharedExports.ts). Runs where minimizers do, before
 * the real content hashes and precompression.
 */
export class ComponentSheetPlugin {
  constructor(private readonly antdDir: string) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ComponentSheetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ComponentSheetPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE }, () => {
        const sheets = compilation.getAssets().filter(({ name }) => name.endsWith('.css'));
        if (!sheets.length) return;
        const used = new Set<string>();
        // The modules in the build's chunks: one built but left out by tree shaking renders nothing.
        for (const chunk of compilation.chunks) {
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            for (const source of antdSources(module, this.antdDir)) prefixesIn(source).forEach((prefix) => used.add(prefix));
          }
        }
        const known = allPrefixes(this.antdDir);
        for (const { name, source } of sheets) {
          const css = source.source().toString();
          const trimmed = trimSheet(css, known, used);
          if (trimmed !== css) compilation.updateAsset(name, new sources.RawSource(trimmed));
        }
      });
    });
  }
}
