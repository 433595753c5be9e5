/** Import a vCard or CSV file: read it first, show what was found and what is already there, then import. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/feedback';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { type ImportRow, useImportContacts } from './api';

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const { preview, commit } = useImportContacts();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const importable = rows?.filter((r) => r.valid && !r.duplicateOf).length ?? 0;

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setRows(null);
    setError(null);
    setReading(true);
    try {
      setRows(await preview(chosen));
    } catch (err) {
      setError(err instanceof ApiError ? err.serverMessage : String(err));
    } finally {
      setReading(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('import.title')} description={t('import.hint')}>
        <label className="block">
          <span className="sr-only">{t('import.choose')}</span>
          <input
            type="file"
            accept=".vcf,.csv,text/vcard,text/csv"
            onChange={(e) => void choose(e.target.files?.[0])}
            className="block w-full text-sm file:me-3 file:h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-medium file:text-brand-800"
            data-testid="import-file"
          />
        </label>
        {reading && <Spinner />}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {rows && (
          <div className="space-y-3">
            <p className="text-sm font-medium text-slate-700">{t('import.preview', { count: rows.length })}</p>
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one file never move
                <li key={i} className="px-3 py-2 text-sm">
                  <bdi className="font-medium">{r.contact.name || r.contact.emails[0] || r.contact.phones[0]}</bdi>
                  {r.contact.company && <bdi className="text-slate-500"> · {r.contact.company}</bdi>}
                  {r.duplicateOf && <span className="block text-amber-800">{t('import.duplicate')}</span>}
                  {!r.valid && (
                    <span className="block text-red-700">{t('import.invalid', { problem: r.problem })}</span>
                  )}
                </li>
              ))}
            </ul>
            <Button
              size="primary"
              disabled={!file || importable === 0 || commit.isPending}
              onClick={() =>
                file &&
                commit.mutate(file, {
                  onSuccess: (done) => {
                    toast({ title: t('import.done', done) });
                    onClose();
                  },
                  onError: (err) => setError(err instanceof ApiError ? err.serverMessage : String(err)),
                })
              }
            >
              {t('import.confirm', { count: importable })}
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
