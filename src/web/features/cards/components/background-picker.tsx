/** The three video-call backgrounds of a card, previewed small, each downloadable in full size. */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKGROUND_DESIGNS, BACKGROUND_SIZES, type BackgroundSize } from '../../../../core/schemas/print';

export function BackgroundPicker({ cardId }: { cardId: string }) {
  const { t, i18n } = useTranslation('app');
  const [lang, setLang] = useState<'en' | 'ar'>(i18n.language === 'ar' ? 'ar' : 'en');
  const [size, setSize] = useState<BackgroundSize>('1920x1080');
  const url = (design: string, s: BackgroundSize) =>
    `/api/business-cards/${encodeURIComponent(cardId)}/background.png?design=${design}&lang=${lang}&size=${s}`;
  return (
    <div className="space-y-3 text-start">
      <div className="flex flex-wrap gap-3 text-sm">
        <label className="flex items-center gap-2">
          {t('background.language')}
          <select
            value={lang}
            onChange={(e) => setLang(e.target.value as 'en' | 'ar')}
            className="h-11 rounded-lg border border-slate-300 bg-white px-2"
          >
            <option value="en">English</option>
            <option value="ar">العربية</option>
          </select>
        </label>
        <label className="flex items-center gap-2">
          {t('background.size')}
          <select
            value={size}
            onChange={(e) => setSize(e.target.value as BackgroundSize)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-2"
            dir="ltr"
          >
            {BACKGROUND_SIZES.map((s) => (
              <option key={s} value={s}>
                {s.replace('x', ' × ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {BACKGROUND_DESIGNS.map((design) => (
          <li key={design} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            <img
              src={url(design, '1280x720')}
              alt={t('background.previewAlt', { n: design })}
              width={1280}
              height={720}
              loading="lazy"
              className="aspect-video h-auto w-full bg-slate-100 object-cover"
            />
            <a
              href={url(design, size)}
              download
              className="flex min-h-11 items-center justify-center gap-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('background.download', { n: design })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
