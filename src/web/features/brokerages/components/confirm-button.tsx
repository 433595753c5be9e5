/** A button that asks first in an accessible dialog (no window.confirm: it blocks and cannot be styled). */
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';

export function ConfirmButton({
  children,
  question,
  confirmLabel,
  onConfirm,
  ...props
}: Omit<ButtonProps, 'onClick'> & {
  children: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button {...props} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <DialogContent title={confirmLabel} description={question}>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">{t('cancel')}</Button>
          </DialogClose>
          <Button
            variant={props.variant === 'destructive' ? 'destructive' : 'default'}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
