/**
 * The encoding of delimited text: a byte order mark decides (UTF-8, UTF-16 LE/BE as Excel's "Unicode
 * text" writes), else the upload's UTF-8 check (valid UTF-8, else Windows-1252, which covers Latin-1).
 */
import type { TextEncoding } from '@portal/contract';

export interface Bom {
  encoding: TextEncoding;
  /** Bytes of the mark. */
  length: number;
}

export function byteOrderMark(head: Uint8Array): Bom | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}
