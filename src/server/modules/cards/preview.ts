/**
 * The link-preview image of a card: a 1200×630 PNG drawn on the server with the name,
 * photo or initials, profession and company. Text goes through Pango (HarfBuzz), so Arabic names
 * are joined and right-to-left, in Noto Sans Arabic shipped from npm (@fontsource). One image per
 * card version, kept in memory; a changed card has a new version and so a new image and URL.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp, { type OverlayOptions } from 'sharp';
import type { Card } from '../../../core/schemas/card';
import type { ObjectStore } from '../../platform/storage/object-store';
import { keyOfUrl } from '../../platform/storage/uploads';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const fonts = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-arabic/package.json')),
  'files',
);
/** WOFF (not WOFF2): FreeType reads it without brotli. The Arabic subset for Arabic text, Latin otherwise. */
const fontFile = (text: string, weight: 400 | 700) =>
  path.join(fonts, `noto-sans-arabic-${/[\u0600-\u06FF]/.test(text) ? 'arabic' : 'latin'}-${weight}-normal.woff`);

/** A card's version: changes whenever the card does. */
export const previewVersion = (c: Pick<Card, 'updatedAt'>) => new Date(c.updatedAt).getTime().toString(36);

/** Where a card's preview is served; the version in the query makes a changed card a new URL. */
export const previewPath = (c: Pick<Card, 'id' | 'updatedAt'>) =>
  `/api/business-cards/${c.id}/preview.png?v=${previewVersion(c)}`;

const cache = new LRUCache<string, Buffer>({ max: 200, maxSize: 40 * 1024 * 1024, sizeCalculation: (b) => b.length });

const markup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One line (wrapped to `width`) of text as a transparent PNG, Arabic shaped by Pango. */
export async function textImage(text: string, size: number, color: string, weight: 400 | 700, width: number) {
  return sharp({
    text: {
      text: `<span foreground="${color}">${markup(text)}</span>`,
      fontfile: fontFile(text, weight),
      font: `Noto Sans Arabic ${weight === 700 ? 'Bold ' : ''}${size}`,
      width,
      rgba: true,
      dpi: 72,
      wrap: 'word-char',
    },
  })
    .png()
    .toBuffer();
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** The uploaded photo's bytes, or null (generated avatars and outside links: initials). */
export async function uploadedPhoto(url: string | null, store: ObjectStore): Promise<Buffer | null> {
  const key = keyOfUrl(url);
  // A photo that cannot be read (storage away) leaves the initials, like a missing one.
  const object = key ? await store.get(key).catch(() => null) : null;
  return object ? Buffer.concat(await object.body.toArray()) : null;
}

/**
 * The uploaded photo for a vCard: a 400 px square JPEG (what every contacts app decodes, small
 * enough to embed), or null when the card has no uploaded photo or it cannot be read.
 */
export async function vcardPhoto(url: string | null, store: ObjectStore): Promise<Buffer | null> {
  const file = await uploadedPhoto(url, store);
  if (!file) return null;
  return sharp(file)
    .resize(400, 400, { fit: 'cover' })
    .jpeg({ quality: 82 })
    .toBuffer()
    .catch(() => null);
}

/** The uploaded photo as a 240 px circle, or null. */
async function photoCircle(url: string | null, store: ObjectStore): Promise<Buffer | null> {
  const file = await uploadedPhoto(url, store);
  if (!file) return null;
  const mask = Buffer.from('<svg width="240" height="240"><circle cx="120" cy="120" r="120"/></svg>');
  return sharp(file)
    .resize(240, 240, { fit: 'cover' })
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

export async function renderPreview(card: Card, org: string | null, store: ObjectStore): Promise<Buffer> {
  const key = `${card.id}:${previewVersion(card)}:${card.name}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const background =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b2f30"/><stop offset="1" stop-color="#17605f"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="1110" cy="-40" r="260" fill="#ffffff" fill-opacity="0.05"/>
  <rect y="582" width="100%" height="48" fill="#d4a534"/>
  <circle cx="210" cy="290" r="132" fill="#ffffff" fill-opacity="0.9"/>
  <circle cx="210" cy="290" r="120" fill="#e3f1f0"/>
</svg>`);
  const photo = await photoCircle(card.profileImageUrl, store);
  const layers: OverlayOptions[] = [];
  if (photo) layers.push({ input: photo, top: 170, left: 90 });
  else {
    const mark = await textImage(initials(card.name), 96, '#0f3d3e', 700, 220);
    const m = await sharp(mark).metadata();
    layers.push({
      input: mark,
      top: 290 - Math.round((m.height ?? 0) / 2),
      left: 210 - Math.round((m.width ?? 0) / 2),
    });
  }
  const lines: [string, number, string, 400 | 700][] = [
    [card.name, 64, '#ffffff', 700],
    [card.profession, 38, '#d7ecea', 400],
    ...(org ? ([[org, 34, '#f0c75e', 400]] as [string, number, string, 400 | 700][]) : []),
  ];
  let top = 170;
  for (const [text, size, color, weight] of lines) {
    const image = await textImage(text, size, color, weight, 720);
    const m = await sharp(image).metadata();
    layers.push({ input: image, top, left: 400 });
    top += (m.height ?? size) + 18;
    if (top > 520) break;
  }
  const brand = await textImage('Bitaqa · بطاقة', 26, '#0b2f30', 700, 400);
  layers.push({ input: brand, top: 590, left: 60 });
  const png = await sharp(background).composite(layers).png({ compressionLevel: 9 }).toBuffer();
  cache.set(key, png);
  return png;
}
