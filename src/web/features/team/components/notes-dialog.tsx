import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAD_NOTE_MAX, type TeamLead } from '../../../../core/schemas/team';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useAddLeadNote, useLeadNotes } from '../api/use-lead-notes';

function NotesBody({ brokerageId, lead }: { brokerageId: string; lead: TeamLead }) {
  const { t, i18n } = useTranslation('team');
  const notes = useLeadNotes(brokerageId, lead.id);
  const items = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  const add = useAddLeadNote(brokerageId, lead.id);
  const onUnauthorized = useHandleUnauthorized();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fmt = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setError(t('notes.empty'));
      return;
    }
    add.mutate(body, {
      onSuccess: () => {
        setBody('');
        setError(undefined);
        toast({ title: t('notes.added') });
      },
      onError: (err) => {
        if (onUnauthorized(err)) return;
        const message = err instanceof ApiError ? (err.fieldErrors.body ?? err.serverMessage) : t('update.failed');
        setError(message);
      },
    });
  };

  return (
    <div className="mt-4 space-y-4">
      {notes.isLoading && <Skeleton className="h-16" />}
      {notes.data && items.length === 0 && <p className="text-sm text-slate-500">{t('notes.none')}</p>}
      {items.length > 0 && (
        <ol className="space-y-3" aria-label={t('notes.listLabel')}>
          {items.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p dir="auto" className="whitespace-pre-wrap text-slate-800">
                {n.body}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {n.author ? <bdi>{n.author.name}</bdi> : t('notes.formerUser')} ·{' '}
                <time dateTime={n.createdAt}>{fmt(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {notes.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => notes.fetchNextPage()} disabled={notes.isFetchingNextPage}>
            {t('notes.more')}
          </Button>
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field label={t('notes.add')} error={error}>
          <Textarea value={body} maxLength={LEAD_NOTE_MAX} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {t('notes.save')}
        </Button>
      </form>
    </div>
  );
}

/** The notes of a lead in a dialog: read them, add one. */
export function NotesDialog({
  brokerageId,
  lead,
  onClose,
}: {
  brokerageId: string;
  lead: TeamLead | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  return (
    <Dialog open={!!lead} onOpenChange={(open) => !open && onClose()}>
      {lead && (
        <DialogContent title={t('notes.title', { name: lead.inquirerName })} description={<bdi>{lead.cardName}</bdi>}>
          <NotesBody brokerageId={brokerageId} lead={lead} />
        </DialogContent>
      )}
    </Dialog>
  );
}
