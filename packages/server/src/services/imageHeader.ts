/**
 * The width and height an image declares in its header (PNG IHDR, JPEG SOFn, GIF logical screen and image
 * descriptors, WebP VP8/VP8L/VP8X), read from the header bytes only: nothing is decoded. A viewer allocates
 * width × height pixels from these numbers, so image sets refuse large ones before storing.
 * null when the header gives no size (such a file is no image any decoder draws).
 */
export interface ImageSize {
  width: number;
  height: number;
}

export function imageSize(data: Buffer, mime: string): ImageSize | null {
  switch (mime) {
    case 'image/png':
      return pngSize(data);
    case 'image/jpeg':
      return jpegSize(data);
    case 'image/gif':
      return gifSize(data);
    case 'image/webp':
      return webpSize(data);
    default:
      return null;
  }
}

/** The IHDR chunk comes first, right after the 8-byte signature. */
function pngSize(data: Buffer): ImageSize | null {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The largest frame header (SOF0–SOF15 but DHT, JPG and DAC) among the segments before the scan. */
function jpegSize(data: Buffer): ImageSize | null {
  let size: ImageSize | null = null;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return size;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    } // no length
    if (marker === 0xd9 || marker === 0xda) return size; // end of image, start of scan
    const length = data.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame && at + 9 <= data.length) {
      const found = { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
      if (!size || found.width * found.height > size.width * size.height) size = found;
    }
    if (length < 2) return size;
    at += 2 + length;
  }
  return size;
}

/** The logical screen, or a larger image descriptor among the blocks. */
function gifSize(data: Buffer): ImageSize | null {
  if (data.length < 10) return null;
  let width = data.readUInt16LE(6);
  let height = data.readUInt16LE(8);
  const flags = data[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (at < data.length && data[at] !== 0) at += data[at] + 1;
    at += 1;
  };
  while (at < data.length) {
    const kind = data[at];
    if (kind === 0x21) {
      at += 2;
      skipSubBlocks();
      continue;
    } // extension
    if (kind !== 0x2c || at + 10 > data.length) break; // trailer or junk
    width = Math.max(width, data.readUInt16LE(at + 1) + data.readUInt16LE(at + 5));
    height = Math.max(height, data.readUInt16LE(at + 3) + data.readUInt16LE(at + 7));
    const local = data[at + 9];
    at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1; // descriptor, local colours, LZW code size
    skipSubBlocks();
  }
  return { width, height };
}

/** The first chunk: VP8X (canvas, 24 bits each), VP8L (14 bits each) or VP8 (14 bits each). */
function webpSize(data: Buffer): ImageSize | null {
  if (data.length < 30) return null;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L' && data[20] === 0x2f) {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  return null;
}
