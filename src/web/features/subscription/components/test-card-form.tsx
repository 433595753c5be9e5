import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION } from '../../../../core/limits';
import { TestCardForm as CardForm } from '../../../components/payment/test-card-form';
import { useConfirmTestPayment } from '../api/use-confirm-test-payment';

/** The subscription's payment with the built-in test provider: the shared test card form. */
export function TestCardForm({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { t } = useTranslation('subscription');
  const confirm = useConfirmTestPayment();
  return (
    <CardForm
      noteId="test-payments-note"
      pending={confirm.isPending}
      confirm={async (card) => {
        await confirm.mutateAsync({ clientSecret, ...card });
        onPaid();
      }}
      text={{
        badge: t('test.badge'),
        note: t('test.note'),
        cards: t('test.cards'),
        declined: t('test.declined'),
        cardNumber: t('test.cardNumber'),
        expiry: t('test.expiry'),
        expiryPlaceholder: t('test.expiryPlaceholder'),
        cvc: t('test.cvc'),
        submit: t('payment.pay', { price: SUBSCRIPTION.priceAed }),
        processing: t('payment.processing'),
        failedTitle: t('payment.failedTitle'),
        failedText: t('payment.failedText'),
      }}
    />
  );
}
