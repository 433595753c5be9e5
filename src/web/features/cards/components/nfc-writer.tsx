/**
 * Writes the card's link to an NFC tag (Web NFC, Android Chrome). The tag carries a URL record, not
 * a vCard: iPhones read URL records in the background without an app, and the link always opens
 * the card as it is now. Where the browser has no Web NFC (iPhone, desktop) the button gives way to
 * short instructions and the link to paste into a tag-writing app.
 */
import { Check, Copy, Nfc } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { copyText } from '../share-utils';

type NdefWriter = { write: (message: { records: { recordType: string; data: string }[] }) => Promise<void> };
type NdefWindow = Window & { NDEFReader?: new () => NdefWriter };

export const nfcLinkOf = (cardId: string) => `${window.location.origin}/cards/${encodeURIComponent(cardId)}?src=nfc`;

export function NfcWriter({ cardId }: { cardId: string }) {
  const { t } = useTranslation('app');
  const link = nfcLinkOf(cardId);
  const [state, setState] = useState<'idle' | 'waiting' | 'written' | 'failed'>('idle');
  const [copied, setCopied] = useState(false);
  const Reader = (window as NdefWindow).NDEFReader;

  if (!Reader) {
    return (
      <div className="space-y-2 text-start text-sm text-slate-600" data-testid="nfc-instructions">
        <p>{t('nfc.unsupported')}</p>
        <div className="flex items-center gap-2">
          <code
            dir="ltr"
            className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-2 text-xs"
            data-testid="nfc-link"
          >
            {link}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={async () => {
              await copyText(link);
              setCopied(true);
            }}
          >
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {copied ? t('nfc.copied') : t('nfc.copy')}
          </Button>
        </div>
      </div>
    );
  }

  const write = async () => {
    setState('waiting');
    try {
      await new Reader().write({ records: [{ recordType: 'url', data: link }] });
      setState('written');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="space-y-2 text-start">
      <Button type="button" onClick={write} disabled={state === 'waiting'} data-testid="nfc-write">
        <Nfc className="h-4 w-4" aria-hidden="true" />
        {t('nfc.write')}
      </Button>
      <p role="status" className="text-sm text-slate-600">
        {state === 'waiting'
          ? t('nfc.hold')
          : state === 'written'
            ? t('nfc.written')
            : state === 'failed'
              ? t('nfc.failed')
              : ''}
      </p>
    </div>
  );
}
