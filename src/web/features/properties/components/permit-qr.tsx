/**
 * The regulator's QR of a listing's advertising permit, re-drawn in the browser from the link the
 * server checked (never the lister's uploaded picture), so it is sharp at any size and any screen
 * density, with the permit number under it. The owner's form adds the upload that sets the link.
 */
import { QrCode, ShieldCheck, Trash2, Upload } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property } from '../../../../core/schemas/properties';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/feedback';
import { ApiError, apiJson } from '../../../lib/api';
import { MY_PROPERTIES_KEY, propertyKey } from '../../../lib/query-keys';

/** The code as an SVG string (vector: crisp however it is scaled or printed). */
function useQrSvg(link: string | null): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!link) setSvg(null);
    else
      void QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((s) => {
        if (live) setSvg(s);
      });
    return () => {
      live = false;
    };
  }, [link]);
  return svg;
}

/** The re-drawn permit QR with the permit number: what the listing page shows. */
export function PermitQr({ link, permitNumber, size = 144 }: { link: string; permitNumber: string; size?: number }) {
  const { t } = useTranslation('discovery');
  const svg = useQrSvg(link);
  return (
    <figure className="inline-flex flex-col items-center gap-2" data-testid="permit-qr">
      <div
        role="img"
        aria-label={t('permitQr.alt', { number: permitNumber })}
        className="rounded-lg border border-slate-200 bg-white p-1.5 [&>svg]:h-full [&>svg]:w-full"
        style={{ width: size, height: size }}
        // The SVG comes from the qrcode package drawing a checked link: no user markup in it.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: generated QR markup, not user input
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <figcaption className="flex items-center gap-1 text-xs text-slate-700">
        <ShieldCheck className="h-3.5 w-3.5 text-emerald-600" aria-hidden="true" />
        {t('permitQr.caption')}{' '}
        <span dir="ltr" className="font-mono font-semibold">
          {permitNumber}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * The form's "Upload the permit QR" control: sends the picture, then shows the re-drawn code and
 * the link the server read from it; a refusal says why (not a QR, not the regulator, another number).
 */
export function PermitQrUpload({ listing }: { listing: Property }) {
  const { t } = useTranslation('discovery');
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const edited = { ...listing, ...(listing.pendingRevision ?? {}) } as Property;
  const [current, setCurrent] = useState<Property>(edited);
  const done = (p: Property) => {
    setError(null);
    setCurrent({ ...p, ...(p.pendingRevision ?? {}) } as Property);
    void queryClient.invalidateQueries({ queryKey: propertyKey(p.id) });
    void queryClient.invalidateQueries({ queryKey: MY_PROPERTIES_KEY });
  };
  const failed = (e: unknown) => setError(e instanceof ApiError ? e.serverMessage : t('permitQr.failed'));
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<Property>('PUT', `/api/properties/${listing.id}/permit-qr`, form);
    },
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => apiJson<Property>('DELETE', `/api/properties/${listing.id}/permit-qr`),
    onSuccess: done,
    onError: failed,
  });
  const link = current.permitQrLink;
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="sm:col-span-2" data-testid="permit-qr-upload">
      <p className="text-sm font-medium text-slate-700">{t('permitQr.label')}</p>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {t('permitQr.hint')}
      </p>
      {link && current.permitNumber && (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <PermitQr link={link} permitNumber={current.permitNumber} size={128} />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-slate-800">{t('permitQr.decoded')}</p>
            <p
              dir="ltr"
              className="mt-1 break-all text-start font-mono text-xs text-slate-700"
              data-testid="permit-qr-link"
            >
              {link}
            </p>
            {listing.isApproved && current.pendingRevision && 'permitQrLink' in current.pendingRevision && (
              <p className="mt-2 text-amber-800">{t('permitQr.waits')}</p>
            )}
          </div>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload.mutate(file);
        }}
        data-testid="permit-qr-file"
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        >
          {upload.isPending ? (
            <Spinner />
          ) : link ? (
            <QrCode className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Upload className="h-4 w-4" aria-hidden="true" />
          )}
          {link ? t('permitQr.replace') : t('permitQr.upload')}
        </Button>
        {link && (
          <Button type="button" variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t('permitQr.remove')}
          </Button>
        )}
      </div>
      <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 empty:hidden" data-testid="permit-qr-error">
        {error}
      </p>
    </div>
  );
}
