/** The card link as a QR code: SVG for the page, a PNG data URL for downloads. */
import QRCode from 'qrcode';

export interface CardQr {
  url: string;
  svg: string;
  dataUrl: string;
}

export async function cardQr(url: string): Promise<CardQr> {
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const [svg, dataUrl] = await Promise.all([
    QRCode.toString(url, { ...options, type: 'svg' }),
    QRCode.toDataURL(url, { ...options, width: 300, type: 'image/png' }),
  ]);
  return { url, svg, dataUrl };
}
