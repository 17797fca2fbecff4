import { open } from 'node:fs/promises';
import sharp from 'sharp';

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  ext: 'jpg' | 'png' | 'gif' | 'webp';
  format: 'jpeg' | 'png' | 'gif' | 'webp';
}

const TYPES: Record<ImageType['format'], ImageType> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg', format: 'jpeg' },
  png: { mime: 'image/png', ext: 'png', format: 'png' },
  gif: { mime: 'image/gif', ext: 'gif', format: 'gif' },
  webp: { mime: 'image/webp', ext: 'webp', format: 'webp' },
};

function sniff(b: Buffer): ImageType['format'] | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Spec 4.7: the type is read from the bytes, never from the name or Content-Type. The
 * signature must say JPEG, PNG, GIF or WebP and sharp must read the header as the same format
 * (SVG and anything else is refused). Null when not one of the four.
 */
export async function detectImageType(bytes: Buffer): Promise<ImageType | null> {
  const sniffed = sniff(bytes);
  if (!sniffed) return null;
  try {
    const meta = await sharp(bytes, { failOn: 'none' }).metadata();
    return meta.format === sniffed ? TYPES[sniffed] : null;
  } catch {
    return null;
  }
}

/**
 * `detectImageType` for an image in a file: the same verdict, reading only the signature and
 * what sharp needs of the header, never the whole file into memory (dry-run downloads).
 */
export async function detectImageTypeOfFile(path: string): Promise<ImageType | null> {
  const head = Buffer.alloc(12);
  const file = await open(path, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await file.read(head, 0, head.length, 0));
  } finally {
    await file.close();
  }
  const sniffed = sniff(head.subarray(0, read));
  if (!sniffed) return null;
  try {
    const meta = await sharp(path, { failOn: 'none' }).metadata();
    return meta.format === sniffed ? TYPES[sniffed] : null;
  } catch {
    return null;
  }
}

export function extensionFor(type: ImageType): string {
  return type.ext;
}
