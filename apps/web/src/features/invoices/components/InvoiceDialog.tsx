import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { EmptyView } from '../../../shared/ui/StateViews';
import { useInvoice } from '../api/invoices';
import { InvoiceView } from './InvoiceView';
import { kindKey } from './invoice-parts';

/** One document: its data, lines, totals, attachments and PDF; for the department also paid / credit memo. */
export function InvoiceDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const invoice = useInvoice(id);
  const title = invoice.data
    ? `${t(kindKey[invoice.data.kind])} ${invoice.data.documentNo}`
    : t('Facturen.regels');
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      // the modal's title is its h2 already
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      size="calc(min(1100px, 100vw - 32px))"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <QueryState
        query={invoice}
        errorKey="Facturen.ophalen_error"
        notFound={<EmptyView title={t('error.niet_gevonden')} />}
      >
        {(data) => <InvoiceView invoice={data} />}
      </QueryState>
    </Modal>
  );
}
