import { useTranslation } from 'react-i18next';

/**
 * Sign-ups per week as SVG bars (no chart library needed for twelve numbers). The figures are
 * also in a visually hidden table for screen readers.
 */
export function SignupsChart({ weeks }: { weeks: { weekStart: string; count: number }[] }) {
  const { t, i18n } = useTranslation('admin-center');
  const locale = i18n.language === 'ar' ? 'ar-AE' : 'en-GB';
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const W = 360;
  const H = 140;
  const gap = 6;
  const bar = (W - gap * (weeks.length - 1)) / weeks.length;
  const label = (iso: string) => new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  // Oldest on the reading start side: mirrored in Arabic.
  const ordered = i18n.dir() === 'rtl' ? [...weeks].reverse() : weeks;

  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={t('stats.signupsAria')}>
        {ordered.map((w, i) => {
          const h = Math.round((w.count / max) * (H - 20));
          const x = i * (bar + gap);
          return (
            <g key={w.weekStart}>
              <title>{t('stats.signupsBar', { date: label(w.weekStart), count: w.count })}</title>
              <rect x={x} y={H - h} width={bar} height={Math.max(h, 1)} rx={3} className="fill-brand-600" />
              {w.count > 0 && (
                <text x={x + bar / 2} y={H - h - 4} textAnchor="middle" className="fill-slate-600 text-[14px]">
                  {w.count}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* The first and last weeks' dates under the edge bars, at a readable size (the SVG scales down). */}
      {ordered.length > 0 && (
        <div dir="ltr" className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{label(ordered[0].weekStart)}</span>
          <span>{label(ordered[ordered.length - 1].weekStart)}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{t('stats.signupsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.week')}</th>
            <th scope="col">{t('stats.signups')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <td>{label(w.weekStart)}</td>
              <td>{w.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
