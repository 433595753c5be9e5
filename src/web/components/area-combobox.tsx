/**
 * The Area field of cards and listings: a combobox over the canonical list of UAE
 * communities (src/core/places.ts, the list GET /api/places answers from), in English or Arabic.
 * Choosing a suggestion stores its id; "Other" keeps the text as typed. Follows the WAI-ARIA
 * combobox pattern: arrows move through the suggestions, Enter chooses, Escape closes.
 */
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Emirate } from '../../core/enums';
import { areaById, OTHER_PLACE, resolveArea, searchPlaces } from '../../core/places';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

export interface PlaceValue {
  /** What the field shows and sends: the canonical name, or the text as typed. */
  text: string;
  /** A canonical id, "other", or null while the text is not (yet) a choice. */
  id: string | null;
}

interface AreaComboboxProps {
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  onBlur?: () => void;
  /** The input, for focusing it on a server error (react-hook-form's field ref). */
  inputRef?: Ref<HTMLInputElement>;
  /** Suggestions from this emirate only (a listing's city). */
  emirate?: Emirate | null;
  id?: string;
  name?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  'data-testid'?: string;
}

const MAX_SUGGESTIONS = 8;

export function AreaCombobox({ value, onChange, onBlur, emirate, inputRef, ...inputProps }: AreaComboboxProps) {
  const { t, i18n } = useTranslation('common');
  const arabic = i18n.language === 'ar';
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const known = areaById(value.id);
  const shown = known ? (arabic ? known.ar : known.name) : value.text;
  const typed = value.text.trim();

  const suggestions = useMemo(
    () => searchPlaces(known ? '' : typed, { limit: MAX_SUGGESTIONS, emirate: emirate ?? undefined }),
    [known, typed, emirate],
  );
  // The last option keeps what was typed when it is not in the list.
  const offerOther = !known && typed.length > 0 && !resolveArea(typed);
  const count = suggestions.length + (offerOther ? 1 : 0);

  const choose = (index: number) => {
    const area = suggestions[index];
    if (area) onChange({ text: area.name, id: area.id });
    else if (offerOther) onChange({ text: typed, id: OTHER_PLACE });
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (count === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + count) % count);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="relative">
      <Input
        {...inputProps}
        ref={inputRef}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open && count > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        maxLength={100}
        value={shown}
        placeholder={t('places.placeholder')}
        onChange={(e) => {
          onChange({ text: e.target.value, id: null });
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          // A text that names a place exactly ("jvc", "مرسى دبي") becomes that place.
          const exact = !value.id && resolveArea(typed);
          if (exact) onChange({ text: exact.name, id: exact.id });
          onBlur?.();
        }}
      />
      {value.id === OTHER_PLACE && <p className="mt-1 text-xs text-slate-500">{t('places.keptAsTyped')}</p>}
      <div
        id={listId}
        role="listbox"
        aria-label={t('places.suggestions')}
        // Scrollable boxes are keyboard stops in Chromium; focus belongs to the input (Tab leaves the field).
        tabIndex={-1}
        hidden={!open || count === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((area, i) => (
          <div
            key={area.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            // On press, not click: focus stays in the input (which owns the keyboard), so its blur
            // does not close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(i);
            }}
            className={cn(
              'flex min-h-10 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
              i === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800 hover:bg-slate-50',
            )}
          >
            <span>{arabic ? area.ar : area.name}</span>
            <span className="text-xs text-slate-500">{t(`emirate.${area.emirate}`, { ns: 'enums' })}</span>
          </div>
        ))}
        {offerOther && (
          <div
            id={optionId(suggestions.length)}
            role="option"
            aria-selected={active === suggestions.length}
            tabIndex={-1}
            onMouseDown={(e) => {
              e.preventDefault();
              choose(suggestions.length);
            }}
            className={cn(
              'flex min-h-10 cursor-pointer items-center border-t border-slate-100 px-3 py-2 text-sm',
              active === suggestions.length ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-50',
            )}
          >
            {t('places.useTyped', { text: typed })}
          </div>
        )}
      </div>
    </div>
  );
}
