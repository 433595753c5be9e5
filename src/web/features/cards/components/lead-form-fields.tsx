/** What the two forms a visitor sends from a card share: the inquiry and "Share your details". */
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';

/** Honeypot: off-screen and skipped by keyboard and screen readers; a bot that fills it is ignored. */
export function HoneypotField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -start-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}

/** The consent checkbox, its label and its error (announced, and tied to the box). */
export function ConsentField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The end of the form: the honeypot, the consent and the send button (its text while sending). */
export function SendFooter({
  honeypot,
  consent,
  pending,
  icon,
  send,
  sending,
}: {
  honeypot: UseFormRegisterReturn;
  consent: { id: string; label: string; error?: string; registration: UseFormRegisterReturn };
  pending: boolean;
  icon: ReactNode;
  send: string;
  sending: string;
}) {
  return (
    <>
      <HoneypotField registration={honeypot} />
      <ConsentField {...consent} />
      <Button type="submit" size="primary" className="w-full sm:w-auto" disabled={pending}>
        {icon}
        {pending ? sending : send}
      </Button>
    </>
  );
}

/** What replaces the form once it is sent (announced as a status); `children` for a follow-up action. */
export function SentNotice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden="true" />
      <p className="font-medium text-slate-800">{title}</p>
      <p className="text-sm text-slate-600">{text}</p>
      {children}
    </div>
  );
}

/**
 * A send that failed: the server's field errors (400) go to the form's own `fields`; the toast shows the
 * server's message for the statuses it words for the visitor (`worded`, e.g. 429 too many), `failedText`
 * otherwise.
 */
export function showSendError<F extends string>(
  error: unknown,
  {
    fields,
    setError,
    worded,
    failedTitle,
    failedText,
  }: {
    fields: readonly F[];
    setError: (field: F, error: { message: string }) => void;
    worded: readonly number[];
    failedTitle: string;
    failedText: string;
  },
) {
  if (error instanceof ApiError && error.status === 400) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      const f = fields.find((x) => x === field);
      if (f) setError(f, { message });
    }
  }
  const description = error instanceof ApiError && worded.includes(error.status) ? error.serverMessage : failedText;
  toast({ title: failedTitle, description, variant: 'destructive' });
}
