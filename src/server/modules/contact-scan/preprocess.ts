/**
 * Turns a phone photo of a card into what Tesseract reads best: upright (EXIF), grey, contrast
 * stretched, cropped to the card, straightened, light text on dark cards inverted, and at a size
 * where body text is 20–30 px high (larger glyphs read worse, Arabic most of all). Everything runs in sharp (libvips, off the event loop) except the
 * skew search, which works on a small thumbnail.
 */
import sharp from 'sharp';

/** Width the card is scaled to before OCR: small photos are enlarged, huge ones reduced. */
const OCR_WIDTH = 1300;
const SKEW_WIDTH = 480;
const MAX_SKEW_DEG = 15;
const MAX_INPUT_PIXELS = 50_000_000;

export interface Prepared {
  png: Buffer;
  width: number;
  height: number;
  /** Degrees the photo was turned to straighten it. */
  skew: number;
}

/** Pixels that stand out from their neighbourhood: text and lines, whatever the polarity and lighting. */
export interface InkMap {
  ink: Uint8Array;
  gray: Uint8Array;
  width: number;
  height: number;
}

async function inkMap(input: Buffer): Promise<InkMap> {
  const plain = await sharp(input)
    .greyscale()
    .resize({ width: SKEW_WIDTH })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const blurred = await sharp(input)
    .greyscale()
    .resize({ width: SKEW_WIDTH })
    .blur(6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = plain.info;
  const gray = new Uint8Array(width * height);
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++) {
    const v = plain.data[i * channels] ?? 0;
    gray[i] = v;
    ink[i] = Math.abs(v - (blurred.data[i * blurred.info.channels] ?? 0)) > 22 ? 1 : 0;
  }
  return { ink, gray, width, height };
}

/**
 * Rotation (degrees) that makes text lines horizontal: the angle whose row profile of ink pixels is
 * the most peaked (lines of text and the gaps between them line up only when level).
 */
export function estimateSkew({ ink, width, height }: InkMap): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (ink[y * width + x]) {
        xs.push(x);
        ys.push(y);
      }
  if (xs.length < 50) return 0;
  const bins = new Float64Array(height * 2 + width * 2);
  const score = (deg: number) => {
    const r = (deg * Math.PI) / 180;
    const sin = Math.sin(r);
    const cos = Math.cos(r);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const yy = Math.round((xs[i] ?? 0) * sin + (ys[i] ?? 0) * cos) + width;
      bins[yy] = (bins[yy] ?? 0) + 1;
    }
    let s = 0;
    for (let i = 1; i < bins.length; i++) {
      const d = (bins[i] ?? 0) - (bins[i - 1] ?? 0);
      s += d * d;
    }
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  const search = (from: number, to: number, step: number) => {
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = score(a);
      if (s > bestScore) {
        bestScore = s;
        best = a;
      }
    }
  };
  search(-MAX_SKEW_DEG, MAX_SKEW_DEG, 1);
  const coarse = best;
  search(coarse - 1, coarse + 1, 0.25);
  return Math.round(best * 100) / 100;
}

/** Bounding box of the ink (the card's text and edges), with a margin; the desk around it is smooth. */
function inkBox({ ink, width, height }: InkMap) {
  const rows = new Array<number>(height).fill(0);
  const cols = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (ink[y * width + x]) {
        rows[y] = (rows[y] ?? 0) + 1;
        cols[x] = (cols[x] ?? 0) + 1;
      }
  const span = (hits: number[]) => {
    const a = hits.findIndex((h) => h >= 2);
    const b = hits.length - 1 - [...hits].reverse().findIndex((h) => h >= 2);
    if (a < 0 || b <= a) return [0, hits.length - 1] as const;
    const margin = Math.round(hits.length * 0.02);
    return [Math.max(0, a - margin), Math.min(hits.length - 1, b + margin)] as const;
  };
  const [top, bottom] = span(rows);
  const [left, right] = span(cols);
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Throws when sharp cannot decode the bytes (the caller answers 400). */
export async function prepareForOcr(input: Buffer): Promise<Prepared> {
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const first = await inkMap(upright);
  const skew = estimateSkew(first);
  const edge = first.gray[0] ?? 255;
  const level = skew
    ? await sharp(upright)
        .rotate(skew, { background: { r: edge, g: edge, b: edge } })
        .greyscale()
        .png({ compressionLevel: 1 })
        .toBuffer()
    : upright;
  const meta = await sharp(level).metadata();
  const map = await inkMap(level);
  const box = inkBox(map);
  const scale = (meta.width ?? map.width) / map.width;
  const left = Math.floor(box.left * scale);
  const top = Math.floor(box.top * scale);
  const crop = {
    left,
    top,
    width: Math.min(Math.floor(box.width * scale), (meta.width ?? 0) - left),
    height: Math.min(Math.floor(box.height * scale), (meta.height ?? 0) - top),
  };
  // Median brightness inside the card decides whether its text is light on dark.
  const inside: number[] = [];
  for (let y = box.top; y < box.top + box.height; y += 2)
    for (let x = box.left; x < box.left + box.width; x += 2) inside.push(map.gray[y * map.width + x] ?? 0);
  inside.sort((a, b) => a - b);
  const median = inside[Math.floor(inside.length / 2)] ?? 255;
  let pipeline = sharp(level);
  if (crop.width > 50 && crop.height > 30) pipeline = pipeline.extract(crop);
  pipeline = pipeline.resize({ width: OCR_WIDTH }).normalise();
  if (median < 110) pipeline = pipeline.negate({ alpha: false });
  const out = await pipeline.greyscale().png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, skew };
}

/**
 * The prepared card divided by its own blurred copy (the light falling on it), so a card lit from
 * one side has the same paper white everywhere. Tesseract binarises with one threshold for the whole
 * image, and the shaded half of a card otherwise turns black and loses its text. It costs some
 * accuracy on evenly lit cards, so it is the second try, not the first.
 */
export async function flattenLight(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const light = await sharp(png)
    .greyscale()
    .resize({ width: Math.max(8, Math.round(width / 16)) })
    .blur(2)
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i++) {
    const v = data[i * channels] ?? 0;
    const bg = Math.max(light.data[i * light.info.channels] ?? 255, 1);
    out[i] = Math.min(255, Math.round((v / bg) * 245));
  }
  return sharp(out, { raw: { width, height, channels: 1 } })
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
