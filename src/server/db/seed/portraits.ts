/**
 * Demo portraits: a drawn head-and-shoulders for every demo person, so the directory, cards and
 * messages show faces rather than initials. The drawing is DiceBear's "Notionists" style (art by
 * Zoish, CC0 1.0; @dicebear code MIT), drawn offline from the person's name, so the same person
 * always gets the same portrait and the demo needs no network. docs/demo-assets.md records the
 * source and licence.
 *
 * The style's parts are narrowed to what a professional would wear on a business card: collared
 * and tailored tops, tidy hair by the seed data's gender (including two head scarves), clear
 * glasses only, no hand gestures or shirt badges. The background is a soft tint of the brand's
 * teal and gold family. Rendered to 512 px WebP and stored like an uploaded photo, owned by the
 * person, so editing or deleting their card treats it exactly as their own upload.
 */
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import sharp from 'sharp';
import { storeImage, uploadUrl } from '../../platform/storage/images';
import type { Uploads } from '../../platform/storage/uploads';

export const PORTRAIT_SIZE = 512;

/**
 * Variant names by number. Each part's type lists its own variants ("variant01"…); the numbers
 * below were picked by looking at every variant, so the names are typed loosely on purpose.
 */
const v = (...n: number[]) => n.map((i) => `variant${String(i).padStart(2, '0')}`) as never[];

/** Soft tints near the brand's teal (#1f7a78) and desert gold (#d49a2a), plus sand and sage. */
const BACKGROUNDS = ['d5f1ee', 'aee2dd', 'f3e3bf', 'eadfcd', 'dce8e2', 'e4e9ee', 'f1e4d8'];

const STYLE = {
  male: {
    hair: v(5, 6, 13, 15, 16, 19, 21, 25, 27, 35, 49, 55, 56),
    body: v(5, 6, 8, 13, 14, 19, 20),
    beard: v(1, 2, 3, 11, 12),
    beardProbability: 45,
  },
  female: {
    hair: v(2, 4, 10, 23, 28, 36, 39, 41, 43, 47, 62, 63),
    body: v(5, 6, 7, 13, 14, 16, 21),
    beard: v(1),
    beardProbability: 0,
  },
} as const;

/** Calm faces only: open eyes, a closed or gently smiling mouth, level brows. */
const FACE = { eyes: v(2, 4, 5), lips: v(3, 14, 22, 23), brows: v(2, 4, 5, 6, 8, 10) };

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h;
}

/** The SVG of a person's portrait; the same name and gender always draw the same picture. */
export function portraitSvg(name: string, gender: 'male' | 'female'): string {
  const style = STYLE[gender];
  // Hair and background are picked from the name's hash rather than left to the style's own
  // draw, which gave neighbours in the directory the same hairstyle too often.
  const h = hash(name);
  const options = {
    seed: name,
    size: PORTRAIT_SIZE,
    backgroundColor: [BACKGROUNDS[h % BACKGROUNDS.length]],
    hair: [style.hair[Math.floor(h / 7) % style.hair.length]],
    ...FACE,
    body: [...style.body],
    beard: [...style.beard],
    beardProbability: style.beardProbability,
    glasses: v(3, 8, 11),
    glassesProbability: 20,
    gestureProbability: 0,
    bodyIconProbability: 0,
    // Closer to head and shoulders than the style's full bust: the directory and the messages
    // show portraits at 40-48 px, where the full bust leaves a face of a few pixels.
    scale: 118,
    translateY: 8,
  };
  return createAvatar(notionists, options).toString();
}

/** Renders and stores a person's portrait; returns its URL (/api/uploads/<hash>.webp). */
export async function renderPortrait(
  uploads: Uploads,
  person: { id: string; name: string; gender: 'male' | 'female' },
): Promise<string> {
  const data = await sharp(Buffer.from(portraitSvg(person.name, person.gender)))
    .resize(PORTRAIT_SIZE, PORTRAIT_SIZE)
    .webp({ quality: 80 })
    .toBuffer();
  return uploadUrl(await storeImage(uploads, data, person.id));
}
