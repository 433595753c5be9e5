/**
 * Photo processing and storage (issue 4). The type is sniffed from the bytes (file-type), never
 * taken from the name or the declared type; only JPEG, PNG and WebP are accepted. sharp decodes
 * the image (a truncated or corrupt file fails here), turns it upright, fits it in 1600 px,
 * drops every metadata block (EXIF with GPS, XMP, ICC) and writes WebP named by its content hash
 * under DATA_DIR/uploads, so the same photo is stored once and its URL can be cached forever.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../errors';

export const IMAGE_LIMITS = {
  maxBytes: 8 * 1024 * 1024,
  maxDimension: 1600,
  /** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
  maxInputPixels: 50_000_000,
  quality: 82,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const IMAGE_MESSAGES = {
  type: 'Only JPEG, PNG or WebP photos are accepted.',
  tooLarge: `The photo is too large. The limit is ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`,
  unreadable: 'The photo could not be read. It may be damaged or incomplete; please try another file.',
  dimensions: 'The photo has too many pixels. Please use a smaller image.',
  empty: 'No photo received. Send it as multipart/form-data in a field named "file".',
} as const;

export const imageTooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', IMAGE_MESSAGES.tooLarge);

export interface StoredImage {
  /** File name under the uploads directory: <sha256>.webp */
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The public URL of a stored image. */
export function uploadUrl(name: string): string {
  return `/api/uploads/${name}`;
}

/** A stored file name as the URL may carry it (anything else is refused before touching disk). */
export const STORED_NAME_RE = /^[a-f0-9]{64}\.webp$/;

/** Checks and re-encodes an uploaded photo; throws an AppError with a message for the user. */
export async function processImage(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  if (input.length === 0) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
  if (input.length > IMAGE_LIMITS.maxBytes) throw imageTooLarge();
  const type = await fileTypeFromBuffer(input);
  if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', IMAGE_MESSAGES.type);
  }
  try {
    const { data, info } = await sharp(input, { failOn: 'warning', limitInputPixels: IMAGE_LIMITS.maxInputPixels })
      .rotate()
      .resize({
        width: IMAGE_LIMITS.maxDimension,
        height: IMAGE_LIMITS.maxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: IMAGE_LIMITS.quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new AppError(413, 'IMAGE_TOO_MANY_PIXELS', IMAGE_MESSAGES.dimensions);
    throw new AppError(400, 'IMAGE_UNREADABLE', IMAGE_MESSAGES.unreadable);
  }
}

/** Writes the bytes under their hash (once) and returns the stored name. */
export async function storeImage(dir: string, data: Buffer): Promise<string> {
  const name = `${crypto.createHash('sha256').update(data).digest('hex')}.webp`;
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  try {
    await fs.access(file);
  } catch {
    // Write to a temporary name first so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }
  return name;
}

/** Processes and stores one upload. */
export async function saveUploadedImage(dataDir: string, input: Buffer): Promise<StoredImage> {
  const { data, width, height } = await processImage(input);
  const name = await storeImage(uploadsDir(dataDir), data);
  return { name, width, height, bytes: data.length };
}

/** The stored file name behind one of our upload URLs, or null for anything else. */
export function storedNameOf(url: string | null | undefined): string | null {
  const name = url?.startsWith('/api/uploads/') ? url.slice('/api/uploads/'.length) : null;
  return name && STORED_NAME_RE.test(name) ? name : null;
}

/** Deletes stored images (issue 11 finding 11: a deleted account's photos are no longer served). */
export async function removeStoredImages(dataDir: string, names: Iterable<string>): Promise<number> {
  let removed = 0;
  for (const name of names) {
    if (!STORED_NAME_RE.test(name)) continue;
    try {
      await fs.unlink(path.join(uploadsDir(dataDir), name));
      removed += 1;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return removed;
}
