/**
 * Importing a register file: the register it is, the CSV, the upload's progress, then the report
 * of what it changed and the lines it could not read (with their line numbers).
 */
import { FileSpreadsheet, FileUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTER_KINDS, type RegisterImportReport, type RegisterKind } from '../../../../core/schemas/registers';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useRegisterUpload } from '../api/use-registers';
import { UnreadableReason } from './register-reason';

function ImportReport({ report, file }: { report: RegisterImportReport; file: string }) {
  const { t, i18n } = useTranslation('admin-center');
  const n = (v: number) => v.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB');
  const counts: [string, number][] = [
    ['rows', report.rows],
    ['added', report.added],
    ['changed', report.changed],
    ['removed', report.removed],
    ['unreadable', report.unreadable],
  ];
  if (report.verification)
    counts.push(
      ['checked', report.verification.checked],
      ['verified', report.verification.verified],
      ['review', report.verification.review],
    );
  return (
    <div className="space-y-4" data-testid="register-import-report">
      <h3 className="text-base font-semibold text-slate-900">{t('registers.import.reportTitle')}</h3>
      <p className="text-sm text-slate-700">
        {t('registers.import.reportSummary', { file: `\u2068${file}\u2069`, rows: n(report.rows) })}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
            <dt className="text-xs text-slate-600">{t(`registers.import.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`report-${key}`}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      {report.unreadableRows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('registers.import.noneUnreadable')}</p>
      ) : (
        <div className="space-y-2">
          <table className="w-full text-start text-sm" data-testid="register-unreadable">
            <caption className="pb-2 text-start font-semibold text-slate-900">
              {t('registers.import.unreadableTitle')}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="w-20 py-1 text-start font-medium">
                  {t('registers.import.line')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('registers.import.problem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.unreadableRows.map((row) => (
                <tr key={row.line} className="border-b border-slate-100">
                  <td className="py-1 tabular-nums">{n(row.line)}</td>
                  <td className="py-1">
                    <UnreadableReason row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.unreadable > report.unreadableRows.length && (
            <p className="text-xs text-slate-600">
              {t('registers.import.unreadableMore', {
                shown: n(report.unreadableRows.length),
                count: n(report.unreadable),
              })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

export function RegisterImport() {
  const { t } = useTranslation('admin-center');
  const onUnauthorized = useHandleUnauthorized('/admin-login');
  const [kind, setKind] = useState<RegisterKind>('dld_brokers');
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(0);
  const [done, setDone] = useState<{ report: RegisterImportReport; file: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const upload = useRegisterUpload(setProgress);
  const legendId = useId();
  const fieldId = useId();
  const [fileName, setFileName] = useState<string | null>(null);

  // The report is what the admin waits for: move there once it is drawn, so a screen reader reads it
  // next. (Focusing from the upload's callback could run before React has drawn the report.)
  useEffect(() => {
    if (done) reportRef.current?.focus();
  }, [done]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setFileError(t('registers.import.chooseFile'));
      fileInput.current?.focus();
      return;
    }
    setFileError(undefined);
    setDone(null);
    setProgress(0);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (report) => {
          setDone({ report, file: file.name });
        },
        onError: (error) => onUnauthorized(error),
      },
    );
  };

  const error = upload.error;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <section aria-labelledby="register-import-title" className="space-y-3">
      <h2 id="register-import-title" className="text-xl font-semibold">
        {t('registers.import.title')}
      </h2>
      <Card>
        <CardContent className="space-y-5 pt-6">
          <p className="text-sm text-slate-600">{t('registers.import.hint')}</p>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <fieldset aria-labelledby={legendId} className="space-y-2">
              <legend id={legendId} className="text-sm font-medium text-slate-700">
                {t('registers.import.kind')}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {REGISTER_KINDS.map((k) => (
                  <label key={k} className="flex min-h-10 items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="register-kind"
                      value={k}
                      checked={kind === k}
                      onChange={() => setKind(k)}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {t(`registers.import.kinds.${k}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="space-y-1.5">
              <span id={`${fieldId}-label`} className="block text-sm font-medium text-slate-700">
                {t('registers.import.file')}
              </span>
              {/* The browser's own file button speaks the browser's language: this one speaks the page's. */}
              <div className="flex flex-wrap items-center gap-3">
                <input
                  ref={fileInput}
                  id={fieldId}
                  type="file"
                  accept=".csv,text/csv"
                  aria-labelledby={`${fieldId}-label ${fieldId}-name`}
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={fileError ? `${fieldId}-error` : undefined}
                  onChange={(e) => {
                    setFileError(undefined);
                    setFileName(e.target.files?.[0]?.name ?? null);
                  }}
                  className="peer sr-only"
                />
                <label
                  htmlFor={fieldId}
                  className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
                >
                  <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
                  {t('registers.import.pickFile')}
                </label>
                <span id={`${fieldId}-name`} className="min-w-0 truncate text-sm text-slate-600">
                  {fileName ? <bdi dir="ltr">{fileName}</bdi> : t('registers.import.noFile')}
                </span>
              </div>
              {fileError && (
                <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                  {fileError}
                </p>
              )}
            </div>
            <Button type="submit" disabled={upload.isPending}>
              <FileUp className="h-4 w-4" aria-hidden="true" />
              {t('registers.import.submit')}
            </Button>
          </form>
          <div role="status" aria-live="polite" className="space-y-2">
            {upload.isPending && (
              <>
                <progress
                  className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
                  aria-label={t('registers.import.progress')}
                  max={100}
                  {...(percent === null ? {} : { value: percent })}
                />
                <p className="text-sm text-slate-700">
                  {percent === null ? t('registers.import.processing') : t('registers.import.uploading', { percent })}
                </p>
              </>
            )}
          </div>
          {error && !upload.isPending && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-semibold">{t('registers.import.failed')}</p>
              <p>{error instanceof ApiError ? error.serverMessage : String(error)}</p>
            </div>
          )}
          {done && (
            <div ref={reportRef} tabIndex={-1} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
              <ImportReport report={done.report} file={done.file} />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
