import { useTranslation } from 'react-i18next';
import { TestCardForm } from '../../../components/payment/test-card-form';
import { useConfirmSeatPayment } from '../api/use-seats';

/**
 * The test provider's card form for a seat payment, the same form as the subscription
 * page's: no real card is charged; 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export function SeatCardForm({
  brokerageId,
  clientSecret,
  amountAed,
  onPaid,
}: {
  brokerageId: string;
  clientSecret: string;
  amountAed: number;
  onPaid: (periodEnd: string) => void;
}) {
  const { t } = useTranslation('team');
  const confirm = useConfirmSeatPayment(brokerageId);
  return (
    <TestCardForm
      noteId="seat-test-note"
      pending={confirm.isPending}
      confirm={async (card) => {
        const result = await confirm.mutateAsync({ clientSecret, ...card });
        onPaid(result.periodEnd);
      }}
      text={{
        badge: t('pay.testBadge'),
        note: t('pay.testNote'),
        cards: t('pay.testCards'),
        cardNumber: t('pay.cardNumber'),
        expiry: t('pay.expiry'),
        expiryPlaceholder: t('pay.expiryPlaceholder'),
        cvc: t('pay.cvc'),
        submit: t('pay.submit', { price: amountAed }),
        processing: t('pay.processing'),
        failedTitle: t('pay.failedTitle'),
        failedText: t('pay.failedText'),
      }}
    />
  );
}
