import { AtSign, Briefcase, Check, Copy, Download, Mail, MessageCircle, QrCode, Send, Share2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileStem } from '../../../../core/format';
import { DELAYS } from '../../../../core/limits';
import type { CardQr } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { apiJson, apiRequest } from '../../../lib/api';
import {
  copyText,
  drawQrPng,
  openShareWindow,
  QR_SIZE,
  SHARE_TARGETS,
  type ShareTarget,
  saveFile,
  shareUrl,
} from '../share-utils';
import { WalletPrintLinks } from './wallet-print-links';

export interface ShareableCard {
  id: string;
  name: string;
  company: string | null;
}

const ICONS: Record<ShareTarget, ReactNode> = {
  whatsapp: <MessageCircle className="h-4 w-4" aria-hidden="true" />,
  facebook: <Share2 className="h-4 w-4" aria-hidden="true" />,
  twitter: <AtSign className="h-4 w-4" aria-hidden="true" />,
  linkedin: <Briefcase className="h-4 w-4" aria-hidden="true" />,
  telegram: <Send className="h-4 w-4 rtl-flip" aria-hidden="true" />,
  email: <Mail className="h-4 w-4" aria-hidden="true" />,
};
/** Brand names stay as they are in every language; "E-mail" is a word and is translated. */
const BRAND_LABELS: Record<Exclude<ShareTarget, 'email'>, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  twitter: 'X',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
};

/** The share dialog for an approved card. */
export function ShareDialog({
  card,
  open,
  onOpenChange,
  audience = 'owner',
}: {
  card: ShareableCard;
  /** The owner shares "your card"; a visitor shares "this card". */
  audience?: 'owner' | 'visitor';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('cards');
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [busy, setBusy] = useState<'vcard' | 'qr' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const url = `${window.location.origin}/cards/${card.id}`;
  const stem = fileStem(card.name);
  const message = card.company
    ? t('share.message', { name: card.name, company: card.company })
    : t('share.messageNoCompany', { name: card.name });

  const copy = async () => {
    try {
      await copyText(url);
      setCopied(true);
      toast({ title: t('share.copied') });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), DELAYS.copyLabelRevert);
    } catch {
      toast({ title: t('share.copyFailed'), variant: 'destructive' });
    }
  };

  const downloadVcard = async () => {
    setBusy('vcard');
    try {
      const res = await apiRequest('GET', `/api/business-cards/${card.id}/vcard`);
      saveFile(await res.blob(), `${stem}_card.vcf`);
      toast({ title: t('share.vcardDone') });
    } catch {
      toast({ title: t('share.vcardFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const generateQr = async () => {
    setBusy('qr');
    try {
      const answer = await apiJson<CardQr>('GET', `/api/business-cards/${card.id}/qr-code`);
      const png = await drawQrPng(answer.url, answer.url.replace(/\?src=qr$/, ''));
      setQr(png);
      saveFile(png, `${stem}_qr.png`);
      toast({ title: t('share.qrDone') });
    } catch {
      toast({ title: t('share.qrFailed'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={audience === 'owner' ? t('share.title') : t('share.visitorTitle')}
        description={audience === 'owner' ? t('share.description') : t('share.visitorDescription')}
      >
        <div className="space-y-4">
          <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2">
            <span dir="ltr" className="min-w-0 flex-1 truncate px-1 text-sm text-slate-700" data-testid="share-url">
              {url}
            </span>
            <Button size="sm" variant={copied ? 'secondary' : 'default'} onClick={copy}>
              {copied ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Copy className="h-4 w-4" aria-hidden="true" />
              )}
              {copied ? t('share.copied') : t('share.copy')}
            </Button>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="outline" onClick={downloadVcard} disabled={busy === 'vcard'}>
              <Download className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('share.vcard')}
            </Button>
            <Button variant="outline" onClick={generateQr} disabled={busy === 'qr'}>
              <QrCode className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('share.qr')}
            </Button>
          </div>
          {qr && (
            <figure className="flex flex-col items-center gap-2">
              <img
                src={qr}
                width={QR_SIZE}
                height={QR_SIZE}
                alt={t('share.qrAlt', { name: card.name })}
                className="rounded-lg border border-slate-200"
                data-testid="qr-image"
              />
              <Button variant="link" size="sm" onClick={() => saveFile(qr, `${stem}_qr.png`)}>
                {t('share.qrDownload')}
              </Button>
            </figure>
          )}
          <WalletPrintLinks cardId={card.id} audience={audience} />
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700">{t('share.via')}</p>
            <div className="flex flex-wrap gap-2">
              {SHARE_TARGETS.map((target) => (
                <Button
                  key={target}
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    openShareWindow(shareUrl(target, url, message, t('share.emailSubject', { name: card.name })))
                  }
                >
                  {ICONS[target]}
                  {target === 'email' ? t('public.email') : BRAND_LABELS[target]}
                </Button>
              ))}
            </div>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
