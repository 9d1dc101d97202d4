/**
 * Web tests: antd's CSS-in-JS inserts thousands of rules into jsdom. jsdom answers every getComputedStyle
 * (Testing Library calls it for each element and ancestor in a role query, user-event before each pointer
 * action) by matching every rule's selector against the element, and nwsapi keeps only 1,000 compiled
 * selectors, least recently used first out: with more rules than that, every call recompiles every selector.
 * That was three quarters of a component suite's CPU time.
 *
 * In jsdom the only computed values a test can observe through the testing libraries are whether an element
 * is shown and can be pointed at: display, visibility, opacity (Testing Library's accessibility tree, jest-dom
 * `toBeVisible`) and pointer-events (user-event). `visibilityCss` keeps exactly those declarations, in their
 * rules, in their order, under their media/supports/layer blocks, so the cascade of those four properties is
 * the one the full CSS gives; everything else (colours, sizes, keyframes, fonts, CSS variables) is dropped.
 */
export const KEPT_PROPERTIES = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

/** At-rules whose block holds rules that apply to the page; any other at-rule block (keyframes, font-face,
 *  property, page, counter-style) sets nothing getComputedStyle reports for an element in jsdom. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'document', 'scope']);

/** Index just after the string, comment or parenthesised group starting at `i` (or i + 1 for any other char). */
function skipToken(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2);
    return end < 0 ? css.length : end + 2;
  }
  if (c === '\\') return i + 2;
  if (c === '(' || c === '[') {
    const close = c === '(' ? ')' : ']';
    let j = i + 1;
    while (j < css.length && css[j] !== close) j = skipToken(css, j);
    return j + 1;
  }
  return i + 1;
}

/** Index of the first of `stops` at this nesting level from `i` (css.length when none). */
function findAtLevel(css: string, i: number, stops: string): number {
  let j = i;
  while (j < css.length && !stops.includes(css[j])) j = skipToken(css, j);
  return j;
}

/** Index of the `}` closing the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let j = open; j < css.length; j = skipToken(css, j)) {
    if (css[j] === '{') depth += 1;
    else if (css[j] === '}' && --depth === 0) return j;
  }
  return css.length;
}

function keptDeclarations(body: string): string[] {
  const kept: string[] = [];
  for (let i = 0; i < body.length;) {
    const end = findAtLevel(body, i, ';');
    const declaration = body.slice(i, end).trim();
    const colon = declaration.indexOf(':');
    if (colon > 0 && KEPT_PROPERTIES.has(declaration.slice(0, colon).trim().toLowerCase())) kept.push(declaration);
    i = end + 1;
  }
  return kept;
}

/** The part of a style sheet's text that decides display, visibility, opacity and pointer-events. */
export function visibilityCss(css: string): string {
  let out = '';
  for (let i = 0; i < css.length;) {
    const stop = findAtLevel(css, i, '{;}');
    const prelude = css
      .slice(i, stop)
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    if (stop >= css.length || css[stop] !== '{') {
      // A statement (@charset, @import, @layer a, b;) or a stray `;`/`}`: keep statements, skip the rest.
      if (prelude.startsWith('@') && css[stop] === ';') out += `${prelude};`;
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    const body = css.slice(stop + 1, end);
    if (prelude.startsWith('@')) {
      const name = /^@([-\w]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      const inner = GROUPING_AT_RULES.has(name) ? visibilityCss(body) : '';
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude) {
      const kept = keptDeclarations(body);
      if (kept.length) out += `${prelude}{${kept.join(';')}}`;
    }
    i = end + 1;
  }
  return out;
}

const ORIGINAL_CSS = Symbol('originalCss');

/**
 * Makes the style elements rc-util inserts for antd (they carry `data-rc-order` before their text is set) hold
 * only `visibilityCss` of their text. Reading innerHTML gives back the full text, so rc-util's "has this style
 * changed" check keeps working. Other style elements are untouched.
 */
export function installVisibilityCssFilter(win: Window & typeof globalThis): void {
  const proto = win.HTMLStyleElement.prototype as HTMLStyleElement & { [ORIGINAL_CSS]?: string };
  const inner = Object.getOwnPropertyDescriptor(win.Element.prototype, 'innerHTML');
  if (!inner?.get || !inner.set || Object.prototype.hasOwnProperty.call(proto, 'innerHTML')) return;
  const { get, set } = inner;
  Object.defineProperty(proto, 'innerHTML', {
    configurable: true,
    enumerable: inner.enumerable,
    get(this: HTMLStyleElement & { [ORIGINAL_CSS]?: string }) {
      return this[ORIGINAL_CSS] ?? get.call(this);
    },
    set(this: HTMLStyleElement & { [ORIGINAL_CSS]?: string }, value: string) {
      if (!this.hasAttribute('data-rc-order')) {
        delete this[ORIGINAL_CSS];
        set.call(this, value);
        return;
      }
      this[ORIGINAL_CSS] = String(value);
      set.call(this, visibilityCss(String(value)));
    },
  });
}
