/**
 * The charts of a card's or a team's analytics. Loaded on demand (recharts is large);
 * each chart is drawn for sighted users and hidden from screen readers, which read the table or
 * list right beside it instead. In Arabic the time axis runs right to left.
 */
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CARD_SOURCES } from '../../../../core/analytics';
import type { CardAnalytics } from '../../../../core/schemas/analytics';
import { formatCount, formatDay } from '../format';

const COLORS = {
  views: '#1d4ed8',
  visitors: '#0d9488',
  contactSaves: '#7c3aed',
  actions: '#d97706',
  leads: '#dc2626',
};

function useAxes() {
  const { i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const rtl = lang === 'ar';
  return {
    lang,
    rtl,
    x: {
      dataKey: 'date',
      reversed: rtl,
      tickFormatter: (d: string) => formatDay(d, lang),
      tick: { fontSize: 12, fill: '#475569' },
      minTickGap: 16,
    },
    y: {
      orientation: rtl ? ('right' as const) : ('left' as const),
      allowDecimals: false,
      tickFormatter: (n: number) => formatCount(n, lang),
      tick: { fontSize: 12, fill: '#475569' },
      width: 36,
    },
  };
}

function Figure({ title, children, table }: { title: string; children: React.ReactNode; table: React.ReactNode }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <div className="h-56 w-full" aria-hidden="true" dir="ltr">
        {children}
      </div>
      {table}
    </figure>
  );
}

/** The series as a table for screen readers (visually hidden). */
function SeriesTable({
  data,
  keys,
  caption,
}: {
  data: CardAnalytics['series'];
  keys: (keyof typeof COLORS)[];
  caption: string;
}) {
  const { t, i18n } = useTranslation('analytics');
  return (
    // The wrapper hides it: a table ignores the 1 px width of .sr-only and would widen the page.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.date')}</th>
            {keys.map((k) => (
              <th key={k} scope="col">
                {t(`metric.${k === 'actions' ? 'actionsShort' : k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date, i18n.language, true)}</th>
              {keys.map((k) => (
                <td key={k}>{formatCount(d[k], i18n.language)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AnalyticsCharts({ data }: { data: CardAnalytics }) {
  const { t } = useTranslation('analytics');
  const axes = useAxes();
  const name = (k: keyof typeof COLORS) => t(`metric.${k === 'actions' ? 'actionsShort' : k}`);
  const tooltip = {
    labelFormatter: (d: unknown) => formatDay(String(d), axes.lang, true),
    formatter: (v: unknown, n: unknown) => [formatCount(Number(v), axes.lang), String(n)] as [string, string],
  };
  const sources = CARD_SOURCES.map((s) => ({ source: s, label: t(`source.${s}`), views: data.totals.bySource[s] }))
    .filter((s) => s.views > 0)
    .sort((a, b) => b.views - a.views);

  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="analytics-charts">
      <Figure
        title={t('chart.overTime')}
        table={<SeriesTable data={data.series} keys={['views', 'visitors']} caption={t('chart.overTime')} />}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={data.series} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis {...axes.x} />
            <YAxis {...axes.y} />
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Area
              type="monotone"
              dataKey="views"
              name={name('views')}
              stroke={COLORS.views}
              fill={COLORS.views}
              fillOpacity={0.12}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="visitors"
              name={name('visitors')}
              stroke={COLORS.visitors}
              fill={COLORS.visitors}
              fillOpacity={0.12}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </Figure>
      <Figure
        title={t('chart.engagement')}
        table={
          <SeriesTable data={data.series} keys={['contactSaves', 'actions', 'leads']} caption={t('chart.engagement')} />
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.series} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis {...axes.x} />
            <YAxis {...axes.y} />
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {(['contactSaves', 'actions', 'leads'] as const).map((k) => (
              <Bar key={k} dataKey={k} name={name(k)} stackId="e" fill={COLORS[k]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <figure className="min-w-0 lg:col-span-2">
        <figcaption className="mb-2 text-sm font-semibold text-slate-800">{t('chart.bySource')}</figcaption>
        {/* A list of bars in HTML: readable as it is, mirrored by the page direction. */}
        <ul className="space-y-2" data-testid="by-source">
          {sources.map((s) => (
            <li
              key={s.source}
              className="grid grid-cols-[7rem_1fr_3.5rem] items-center gap-3 text-sm sm:grid-cols-[9rem_1fr_4rem]"
            >
              <span className="truncate text-slate-700">{s.label}</span>
              <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                <span
                  className="block h-3 rounded-full bg-brand-600"
                  style={{ width: `${Math.max(2, (100 * s.views) / (sources[0]?.views || 1))}%` }}
                />
              </span>
              <span className="text-end tabular-nums text-slate-900">{formatCount(s.views, axes.lang)}</span>
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}
