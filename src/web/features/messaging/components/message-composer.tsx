/** Writing a message: Enter sends, Shift+Enter adds a line, blank or pending cannot send. */
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../core/limits';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useSendMessage } from '../api/use-send-message';

export function MessageComposer({
  conversationId,
  disabledReason,
}: {
  conversationId: string;
  disabledReason?: string;
}) {
  const { t } = useTranslation('messaging');
  const [text, setText] = useState('');
  const send = useSendMessage();
  const handleUnauthorized = useHandleUnauthorized();
  const id = useId();
  const blank = text.trim().length === 0;
  const disabled = !!disabledReason;

  const submit = () => {
    if (blank || send.isPending || disabled) return;
    send.mutate(
      { conversationId, content: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (error) => {
          if (handleUnauthorized(error)) return;
          toast({ title: t('toast.sendFailedTitle'), description: t('toast.sendFailedText'), variant: 'destructive' });
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  if (disabled) {
    return <p className="border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600">{disabledReason}</p>;
  }

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={id} className="sr-only">
        {t('composer.label')}
      </label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('composer.placeholder')}
        maxLength={LIMITS.messageMax}
        rows={1}
        className="max-h-40 min-h-10 flex-1 resize-none"
        aria-describedby={`${id}-hint`}
        title={t('composer.hint')}
        data-testid="message-input"
      />
      <span id={`${id}-hint`} className="sr-only">
        {t('composer.hint')}
      </span>
      <Button
        type="submit"
        disabled={blank || send.isPending}
        aria-label={send.isPending ? t('composer.sending') : t('composer.send')}
        data-testid="send-button"
      >
        <Send className="h-4 w-4 rtl-flip" aria-hidden="true" />
        <span className="hidden sm:inline">{send.isPending ? t('composer.sending') : t('composer.send')}</span>
      </Button>
    </form>
  );
}
