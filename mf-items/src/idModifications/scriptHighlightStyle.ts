import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

/**
 * The ID modification editor's token colours: CodeMirror's default highlight style with every colour at 4.5:1 or
 * more on the editor's white (WCAG 2.1 AA). The default's regular-expression orange (#ee4400, 3.8:1) and invalid
 * red (#ff0000, 4.0:1) are darkened; the others are its own.
 */
export const SCRIPT_TOKEN_COLORS = {
  meta: '#404740',
  keyword: '#770088',
  atom: '#221199',
  literal: '#116644',
  string: '#aa1111',
  regexp: '#b33000',
  definition: '#0000ff',
  local: '#3300aa',
  typeName: '#007a4d',
  className: '#116677',
  special: '#225566',
  property: '#0000cc',
  comment: '#994400',
  invalid: '#d00000',
} as const;

const c = SCRIPT_TOKEN_COLORS;

export const scriptHighlightStyle = HighlightStyle.define([
  { tag: tags.meta, color: c.meta },
  { tag: tags.link, textDecoration: 'underline' },
  { tag: tags.heading, textDecoration: 'underline', fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.keyword, color: c.keyword },
  { tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName], color: c.atom },
  { tag: [tags.literal, tags.inserted], color: c.literal },
  { tag: [tags.string, tags.deleted], color: c.string },
  { tag: [tags.regexp, tags.escape, tags.special(tags.string)], color: c.regexp },
  { tag: tags.definition(tags.variableName), color: c.definition },
  { tag: tags.local(tags.variableName), color: c.local },
  { tag: [tags.typeName, tags.namespace], color: c.typeName },
  { tag: tags.className, color: c.className },
  { tag: [tags.special(tags.variableName), tags.macroName], color: c.special },
  { tag: tags.definition(tags.propertyName), color: c.property },
  { tag: tags.comment, color: c.comment },
  { tag: tags.invalid, color: c.invalid },
]);

/** The extension that paints the script with these colours (the editor's own default style is switched off). */
export const scriptHighlighting = syntaxHighlighting(scriptHighlightStyle);
