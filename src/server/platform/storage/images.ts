/**
 * Photo processing and storage. The type is sniffed from the bytes (file-type), never
 * taken from the name or the declared type; only JPEG, PNG and WebP are accepted. sharp decodes
 * the image (a truncated or corrupt file fails here), turns it upright, fits it in 1600 px,
 * drops every metadata block (EXIF with GPS, XMP, ICC) and writes WebP named by its content hash
 * to the object store (uploads.ts), so the same photo is stored once and its URL can be cached forever.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../errors';
import { STORED_KEY_RE, UPLOAD_URL_PREFIX, type Uploads } from './uploads';

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

/**
 * A multipart body the parser could not read ("Boundary not found", "Unexpected end of form",
 * a premature close): the client's mistake, so a 400, keeping Fastify's own status where it set one
 * (413 for too many parts or files).
 */
export function malformedMultipart(err: unknown): AppError {
  const status = (err as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new AppError(status, status === 413 ? 'BODY_TOO_LARGE' : 'MULTIPART_MALFORMED', (err as Error).message);
  return new AppError(
    400,
    'MULTIPART_MALFORMED',
    'The upload could not be read: send the image as one multipart/form-data file.',
  );
}

/**
 * The bytes of the one image file a multipart request carries (the route's multipart limits
 * apply): 400 without one, 413 over the size limit, 400 (or Fastify's 4xx) for a body that
 * cannot be read. Its content is checked when it is stored or decoded, not here.
 */
export async function readImageFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
  try {
    const part = await request.file();
    if (!part) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    throw malformedMultipart(err);
  }
}

export interface StoredImage {
  /** Object key: <sha256>.webp */
  name: string;
  width: number;
  height: number;
  bytes: number;
}

/** The public URL of a stored image. */
export function uploadUrl(name: string): string {
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** A stored file name as the URL may carry it (anything else is refused before touching storage). */
export const STORED_NAME_RE = STORED_KEY_RE;

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

/** Stores WebP bytes under their content hash (once), recorded with their owner; returns the key. */
export async function storeImage(uploads: Uploads, data: Buffer, ownerId: string | null): Promise<string> {
  const name = `${crypto.createHash('sha256').update(data).digest('hex')}.webp`;
  await uploads.put(name, data, 'image/webp', ownerId);
  return name;
}

/** Processes and stores one upload. */
export async function saveUploadedImage(uploads: Uploads, input: Buffer, ownerId: string): Promise<StoredImage> {
  const { data, width, height } = await processImage(input);
  const name = await storeImage(uploads, data, ownerId);
  return { name, width, height, bytes: data.length };
}
