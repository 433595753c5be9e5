import { useTranslation } from 'react-i18next';
import type { RegisterImportReport } from '../../../../core/schemas/registers';

/** Why a line could not be read, in the reader's language (the server's English for old imports). */
export function UnreadableReason({ row }: { row: RegisterImportReport['unreadableRows'][number] }) {
  const { t } = useTranslation('admin-center');
  if (!row.code) return <span lang="en">{row.reason}</span>;
  return (
    <>
      {t(`registers.reason.${row.code}`, {
        // The file's own text, isolated so an Arabic sentence around it keeps its order.
        value: row.value === undefined ? '' : `\u2068${row.value}\u2069`,
      })}
    </>
  );
}
