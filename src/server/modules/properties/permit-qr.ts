/**
 * Reading the regulator's QR from the lister's upload (a photo or screenshot of the permit) and
 * turning a refusal into the answer the listing form shows. Only the decoded link is kept; the
 * upload itself is never stored.
 */
import { fileTypeFromBuffer } from 'file-type';
import jsQR from 'jsqr';
import sharp, { type OutputInfo } from 'sharp';
import { type PermitQrCheck, PERMIT_QR_DOMAINS } from '../../../core/permit-qr';
import { AppError } from '../../errors';
import { ACCEPTED_IMAGE_TYPES, IMAGE_LIMITS, IMAGE_MESSAGES, imageTooLarge } from '../../platform/storage/images';

/**
 * Sides (longest, in pixels) the picture is read at, largest first. jsQR's time grows with the
 * pixels, and a phone photo of a printed permit reads as well at 1600 px; a small code in a big
 * screenshot sometimes reads only after shrinking, which evens out the paper's texture.
 */
const READ_SIDES = [1600, 800];

const NOT_A_QR = 'No QR code could be read in this image. Upload a sharp, straight photo or screenshot of the QR code.';

/** The text in the picture's QR code; a 400 (not an image, or no code found) otherwise. */
export async function decodeQrImage(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
  if (bytes.length > IMAGE_LIMITS.maxBytes) throw imageTooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.mime))
    throw new AppError(415, 'UNSUPPORTED_IMAGE_TYPE', IMAGE_MESSAGES.type);
  for (const side of READ_SIDES) {
    let raw: { data: Buffer; info: OutputInfo };
    try {
      raw = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxInputPixels })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        // A transparent screenshot's see-through pixels read as white paper, not black.
        .flatten({ background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (/pixel limit/i.test(message)) throw new AppError(413, 'IMAGE_TOO_MANY_PIXELS', IMAGE_MESSAGES.dimensions);
      throw new AppError(400, 'IMAGE_UNREADABLE', IMAGE_MESSAGES.unreadable);
    }
    const { data, info } = raw;
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height, {
      inversionAttempts: 'attemptBoth',
    });
    if (found?.data) return found.data;
  }
  throw new AppError(400, 'PERMIT_QR_NOT_FOUND', NOT_A_QR);
}

/** A refused QR as a 400 whose details fill the form's message (domains, the two numbers). */
export function permitQrRefusal(
  check: Extract<PermitQrCheck, { ok: false }>,
  city: string | null,
  permitNumber: string | null,
): AppError {
  const domains = (city && PERMIT_QR_DOMAINS[city]?.join(', ')) || '';
  const messages: Record<typeof check.code, string> = {
    PERMIT_QR_EMIRATE_UNSUPPORTED: 'Permit QR codes are checked for listings in Dubai and Abu Dhabi only.',
    PERMIT_NUMBER_FIRST: "Enter and save the listing's permit number before uploading its QR code.",
    PERMIT_QR_WRONG_DOMAIN: `This QR code does not open the regulator's site for this emirate (${domains}).`,
    PERMIT_QR_NUMBER_MISMATCH: `The QR code is for permit ${check.numberInLink}, but this listing's permit number is ${permitNumber}.`,
  };
  const message = messages[check.code];
  return new AppError(400, check.code, message, {
    domains,
    found: check.numberInLink ?? null,
    expected: permitNumber,
  });
}
