/**
 * A pending revision as the admin reviews it: each changed field with the
 * published value ("Was") and the owner's proposal ("Now"). Told apart by words and by del/ins with
 * screen-reader text, not by colour alone; each value keeps its own direction (dir="auto") so
 * English content reads right in the Arabic page and the other way round.
 */
import { useTranslation } from 'react-i18next';
import { formatPriceAed } from '../../core/format';
import type { RevisionChange } from '../../core/revision';

type Kind = 'card' | 'property';

/** The enumeration label groups (enums.json) a field's stored values may belong to. */
const ENUM_GROUPS: Record<string, string[]> = {
  gender: ['gender'],
  nationality: ['nationality'],
  languages: ['language'],
  emirate: ['emirate'],
  investmentInterests: ['investmentInterest'],
  investmentBudgetRange: ['investorBudget'],
  bankName: ['bank'],
  roleTitle: ['brokerSpecialization', 'loanSpecialization'],
  propertySpecialization: ['brokerSpecialization', 'developerProjectType'],
  servicesOffered: ['loanSpecialization'],
  propertyType: ['propertyType'],
  status: ['propertyStatus'],
  city: ['city'],
  location: ['location'],
};

const IMAGE_FIELDS = new Set(['profileImageUrl', 'imageUrls']);

function isEmpty(v: unknown) {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v as object).every((x) => x === null || x === undefined || x === '');
  return false;
}

function useValueText(kind: Kind) {
  const { t, i18n } = useTranslation('common');
  const label = (field: string, v: string) => {
    for (const group of ENUM_GROUPS[field] ?? []) {
      const key = `${group}.${v}`;
      if (i18n.exists(key, { ns: 'enums' })) return t(key, { ns: 'enums' });
    }
    return v;
  };
  return (field: string, v: unknown): string => {
    if (typeof v === 'boolean') return v ? t('revision.yes') : t('revision.no');
    if (typeof v === 'number') {
      if (kind === 'property' && field === 'price') return formatPriceAed(v, { locale: i18n.language, style: 'full' });
      return v.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB');
    }
    if (typeof v === 'string') return label(field, v);
    if (Array.isArray(v))
      return v
        .map((x) => label(field.replace(/^translations\.\w+\./, ''), String(x)))
        .join(i18n.language === 'ar' ? '، ' : ', ');
    if (v && typeof v === 'object') {
      return Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => !isEmpty(x))
        .map(([k, x]) => `${k}: ${String(x)}`)
        .join('\n');
    }
    return String(v);
  };
}

function Value({ kind, field, value, side }: { kind: Kind; field: string; value: unknown; side: 'was' | 'now' }) {
  const { t } = useTranslation('common');
  const text = useValueText(kind);
  const Tag = side === 'was' ? 'del' : 'ins';
  const style =
    side === 'was'
      ? 'text-slate-600 line-through decoration-red-700/70'
      : 'font-medium text-slate-900 no-underline decoration-transparent';
  if (isEmpty(value)) {
    return (
      <span className="italic text-slate-600">
        <span className="sr-only">{side === 'was' ? t('revision.wasSr') : t('revision.nowSr')} </span>
        {t('revision.empty')}
      </span>
    );
  }
  if (IMAGE_FIELDS.has(field)) {
    const urls = (Array.isArray(value) ? value : [value]).map(String);
    return (
      <Tag className="flex flex-wrap gap-1.5 no-underline">
        <span className="sr-only">{side === 'was' ? t('revision.wasSr') : t('revision.nowSr')}</span>
        {urls.slice(0, 6).map((url) => (
          <img
            key={url}
            src={url}
            alt={t('revision.photo')}
            className={`h-12 w-12 rounded-md border object-cover ${side === 'was' ? 'border-slate-300 opacity-70' : 'border-emerald-600'}`}
          />
        ))}
        {urls.length > 6 && <span className="self-center text-xs text-slate-600">+{urls.length - 6}</span>}
      </Tag>
    );
  }
  return (
    <Tag className={`min-w-0 ${style}`}>
      <span className="sr-only">{side === 'was' ? t('revision.wasSr') : t('revision.nowSr')} </span>
      {/* Its own direction, decided by the value alone (not the label before it). */}
      <span className="block whitespace-pre-line break-words text-start" dir="auto">
        {text(field, value)}
      </span>
    </Tag>
  );
}

/** Ids that travel with a field shown by name (a place's id beside its name): not shown twice. */
const COMPANION_FIELDS = new Set(['areaId', 'locationId']);

/** The changed fields of a revision, published value then proposed value. */
export function RevisionDiff({ kind, changes }: { kind: Kind; changes: RevisionChange[] }) {
  const { t } = useTranslation('common');
  const fieldLabel = (field: string) => {
    // A card's text in its other language: the field's name and the language ("Bio (Arabic)").
    const translated = /^translations\.(en|ar)\.(\w+)$/.exec(field);
    if (translated) {
      return t('revision.inLanguage', {
        field: t(`revision.fields.${translated[2]}`, { defaultValue: translated[2] }),
        language: t(`revision.language.${translated[1]}`),
      });
    }
    const key = kind === 'property' && field === 'area' ? 'areaSqft' : field;
    return t(`revision.fields.${key}`, { defaultValue: field });
  };
  return (
    <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50/60 p-3 text-sm" data-testid="revision-diff">
      <p className="font-semibold text-amber-900">{t('revision.title')}</p>
      <p className="mt-0.5 text-xs text-slate-700">{t('revision.intro')}</p>
      <dl className="mt-2 space-y-2">
        {changes
          .filter((c) => !COMPANION_FIELDS.has(c.field))
          .map((c) => (
            <div key={c.field} className="rounded-md bg-white p-2 shadow-sm" data-testid={`revision-${c.field}`}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-700">{fieldLabel(c.field)}</dt>
              <dd className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 gap-y-1">
                <span
                  className="rounded bg-slate-200 px-1.5 py-0.5 text-[11px] font-semibold text-slate-800"
                  aria-hidden="true"
                >
                  {t('revision.was')}
                </span>
                <Value kind={kind} field={c.field} value={c.before} side="was" />
                <span
                  className="rounded bg-emerald-100 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-900"
                  aria-hidden="true"
                >
                  {t('revision.now')}
                </span>
                <Value kind={kind} field={c.field} value={c.after} side="now" />
              </dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
