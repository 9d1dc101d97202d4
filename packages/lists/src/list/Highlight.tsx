import { Fragment, type ReactNode } from 'react';

/** Lower case without accents, so highlighting follows the server's case- and accent-insensitive matching. */
const fold = (char: string): string =>
  char
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** [start, end) ranges of the text matched by a search: /…/ is a regular expression, else a plain text. */
export function matchRanges(text: string, search: string): Array<[number, number]> {
  if (search === '') return [];
  if (search.length > 2 && search.startsWith('/') && search.endsWith('/')) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(search.slice(1, -1), 'gi');
    } catch {
      return []; // the server reports an invalid expression; nothing to highlight
    }
    const ranges: Array<[number, number]> = [];
    for (const match of text.matchAll(pattern)) {
      if (match[0] === '') break;
      ranges.push([match.index, match.index + match[0].length]);
    }
    return ranges;
  }
  // Fold char by char, remembering where each folded char came from.
  let folded = '';
  const origin: number[] = [];
  [...text].reduce((offset, char) => {
    const f = fold(char);
    folded += f;
    for (let i = 0; i < f.length; i++) origin.push(offset);
    return offset + char.length;
  }, 0);
  const needle = [...search].map(fold).join('');
  const ranges: Array<[number, number]> = [];
  for (let at = folded.indexOf(needle); at !== -1 && needle !== ''; at = folded.indexOf(needle, at + needle.length)) {
    const last = origin[at + needle.length - 1];
    ranges.push([origin[at], last + (text.codePointAt(last)! > 0xffff ? 2 : 1)]);
  }
  return ranges;
}

/** Shows a cell's text with the parts matching the column's search text marked. */
export function Highlight({ text, search }: { text: string; search: string | undefined }) {
  const ranges = search ? matchRanges(text, search) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let cursor = 0;
  ranges.forEach(([start, end], i) => {
    if (start > cursor) parts.push(<Fragment key={`t${i}`}>{text.slice(cursor, start)}</Fragment>);
    parts.push(
      <mark key={`m${i}`} style={{ padding: 0, backgroundColor: '#ffc069' }}>
        {text.slice(start, end)}
      </mark>,
    );
    cursor = end;
  });
  if (cursor < text.length) parts.push(<Fragment key="rest">{text.slice(cursor)}</Fragment>);
  return <>{parts}</>;
}
