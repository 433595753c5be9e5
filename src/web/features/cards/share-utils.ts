/** Browser helpers of the share dialog: files, clipboard, QR image, share links. */
import QRCode from 'qrcode';
import type { ShareChannel } from '../../../core/analytics';

/** Saves a blob or data URL as a file through a temporary link. */
export function saveFile(data: Blob | string, filename: string): void {
  const href = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers and some embedded views: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy failed');
  }
}

export const QR_SIZE = 300;

/** A 300×300 PNG: the QR code of `url` with `label` (the card link) written under it. */
export async function drawQrPng(url: string, label: string): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = QR_SIZE;
  canvas.height = QR_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, QR_SIZE, QR_SIZE);
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, url, { width: 256, margin: 2, errorCorrectionLevel: 'M' });
  ctx.drawImage(code, (QR_SIZE - 256) / 2, 4, 256, 256);
  ctx.fillStyle = '#0f172a';
  ctx.font = '12px system-ui, -apple-system, "Segoe UI", Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let text = label;
  while (ctx.measureText(text).width > QR_SIZE - 16 && text.length > 8)
    text = `${text.slice(0, -2)}…`.replace(/……$/, '…');
  ctx.fillText(text, QR_SIZE / 2, 280);
  return canvas.toDataURL('image/png');
}

export type ShareTarget = 'whatsapp' | 'facebook' | 'twitter' | 'linkedin' | 'telegram' | 'email';
export const SHARE_TARGETS: ShareTarget[] = ['whatsapp', 'facebook', 'twitter', 'linkedin', 'telegram', 'email'];

/** The channel a share link names in its `?src=` (Twitter is X now). */
const CHANNEL: Record<ShareTarget, ShareChannel> = {
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  twitter: 'x',
  linkedin: 'linkedin',
  telegram: 'telegram',
  email: 'email',
};

/** The share link of a card URL; the card link inside it says which channel it was shared on. */
export function shareUrl(target: ShareTarget, cardUrl: string, message: string, subject: string): string {
  const url = `${cardUrl}?src=${CHANNEL[target]}`;
  const u = encodeURIComponent(url);
  const m = encodeURIComponent(message);
  switch (target) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${message} ${url}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${m}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${m}&url=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${m}`;
    case 'email':
      return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${message}\n${url}`)}`;
  }
}

/** Share windows are 600×400. */
export function openShareWindow(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer,width=600,height=400');
}
