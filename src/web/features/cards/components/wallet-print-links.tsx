/**
 * Wallet and print links of an approved card in the share dialog: "Add to Apple
 * Wallet" / "Save to Google Wallet" when the server is configured for them, and for the owner
 * the print downloads: the QR as SVG and as a 300 dpi PNG (plain or with the photo in the
 * centre), and the PDF sheet in the page's language. All are links: the browser downloads them
 * (keyboard and screen readers get links, not scripted buttons).
 */
import { FileDown, QrCode, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useGoogleSaveLink, useWalletAvailability } from '../api/use-wallet';

/** Long labels (Arabic, a phone's width) wrap inside the button instead of running out of it. */
const WRAP = 'h-auto min-h-10 whitespace-normal text-center';

export function WalletPrintLinks({ cardId, audience }: { cardId: string; audience: 'owner' | 'visitor' }) {
  const { t, i18n } = useTranslation('cards');
  const wallets = useWalletAvailability();
  const google = useGoogleSaveLink(cardId, !!wallets.data?.google);
  const base = `/api/business-cards/${encodeURIComponent(cardId)}`;
  const lang = i18n.language?.startsWith('ar') ? 'ar' : 'en';
  const saveUrl = google.data?.saveUrl;
  const showWallet = !!wallets.data?.apple || !!saveUrl;

  return (
    <>
      {showWallet && (
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">{t('walletPrint.wallet')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {wallets.data?.apple && (
              <Button asChild variant="outline" className={WRAP}>
                <a href={`${base}/wallet/apple`} download>
                  <Wallet className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {t('walletPrint.apple')}
                </a>
              </Button>
            )}
            {saveUrl && (
              <Button asChild variant="outline" className={WRAP}>
                <a href={saveUrl} target="_blank" rel="noopener noreferrer">
                  <Wallet className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {t('walletPrint.google')}
                </a>
              </Button>
            )}
          </div>
        </div>
      )}
      {audience === 'owner' && (
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">{t('walletPrint.print')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button asChild variant="outline" className={WRAP}>
              <a href={`${base}/print.pdf?lang=${lang}`} download>
                <FileDown className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t('walletPrint.sheet')}
              </a>
            </Button>
            <Button asChild variant="outline" className={WRAP}>
              <a href={`${base}/qr.svg`} download>
                <QrCode className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t('walletPrint.qrSvg')}
              </a>
            </Button>
            <Button asChild variant="outline" className={WRAP}>
              <a href={`${base}/qr.png?dpi=300`} download>
                <QrCode className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t('walletPrint.qrPng')}
              </a>
            </Button>
            <Button asChild variant="outline" className={WRAP}>
              <a href={`${base}/qr.png?dpi=300&logo=1`} download>
                <QrCode className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t('walletPrint.qrLogo')}
              </a>
            </Button>
          </div>
          <p className="mt-2 text-xs text-slate-500">{t('walletPrint.printHint')}</p>
        </div>
      )}
    </>
  );
}
