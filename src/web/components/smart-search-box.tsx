/**
 * The one smart search box: plain requests in English or Arabic such as
 * "Arabic-speaking off-plan broker in Dubai Marina". By default it opens /search?q=…; a page
 * may handle the query itself (the directory turns it into its own filters).
 */
import { Search, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '../../core/search/query-max';
import { Button } from './ui/button';
import { cn } from '../lib/utils';

export function SmartSearchBox({
  initial = '',
  onSearch,
  className,
  tone = 'light',
}: {
  initial?: string;
  onSearch?: (q: string) => void;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const { t } = useTranslation('discovery');
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const id = useId();
  useEffect(() => setQ(initial), [initial]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (!query) return;
    if (onSearch) onSearch(query);
    else navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <form role="search" onSubmit={submit} className={cn('w-full', className)}>
      <label
        htmlFor={id}
        className={cn(
          'mb-1.5 flex items-center gap-1.5 text-sm font-medium',
          tone === 'dark' ? 'text-brand-100' : 'text-slate-700',
        )}
      >
        <Sparkles className="h-4 w-4 text-gold-500" aria-hidden="true" />
        {t('smart.label')}
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id={id}
            type="search"
            // Typed text sets its own direction; the empty box keeps the page's (for the placeholder).
            dir={q ? 'auto' : undefined}
            value={q}
            maxLength={SEARCH_QUERY_MAX}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('smart.placeholder')}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
            data-testid="smart-search-input"
          />
        </div>
        <Button type="submit" variant="gold" className="h-11">
          {t('smart.submit')}
        </Button>
      </div>
    </form>
  );
}
