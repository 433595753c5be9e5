/**
 * A card's picture as a square PNG for wallet passes and print QR codes: the uploaded
 * photo, or the initials on the colour of the generated avatar. The background is an SVG shape
 * rendered by sharp; the initials go through Pango with the shipped font (preview.ts), so the
 * result does not depend on the fonts of the machine.
 */
import sharp from 'sharp';
import type { Card } from '../../../core/schemas/card';
import type { ObjectStore } from '../../platform/storage/object-store';
import { avatarColor, initialsOf } from './avatar';
import { textImage, uploadedPhoto } from './preview';

export interface MarkOptions {
  /** Side in pixels. */
  size: number;
  /** Circle (transparent corners) or a rounded square. */
  shape: 'circle' | 'rounded';
}

function maskSvg({ size, shape }: MarkOptions): string {
  const body =
    shape === 'circle'
      ? `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/>`
      : `<rect width="${size}" height="${size}" rx="${Math.round(size * 0.18)}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
}

/** The photo (cover-cropped) or the initials, `size` px square, outside the shape transparent. */
export async function cardMark(
  card: Pick<Card, 'name' | 'profileImageUrl'>,
  store: ObjectStore,
  opts: MarkOptions,
): Promise<Buffer> {
  const { size } = opts;
  const mask = Buffer.from(maskSvg(opts));
  const photo = await uploadedPhoto(card.profileImageUrl, store);
  if (photo) {
    return sharp(photo)
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  }
  const background = maskSvg(opts)
    .replace('<circle', `<circle fill="${avatarColor(card.name)}"`)
    .replace('<rect', `<rect fill="${avatarColor(card.name)}"`);
  const letters = await textImage(initialsOf(card.name), Math.round(size * 0.4), '#ffffff', 700, size);
  const m = await sharp(letters).metadata();
  return sharp(Buffer.from(background))
    .composite([
      {
        input: letters,
        top: Math.max(0, Math.round((size - (m.height ?? 0)) / 2)),
        left: Math.max(0, Math.round((size - (m.width ?? 0)) / 2)),
      },
    ])
    .png()
    .toBuffer();
}
