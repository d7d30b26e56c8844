import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { serverFieldError } from '../../../shared/lib/form-errors';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type InvoiceDetail, useCreditMemo, useInvoiceStatus } from '../api/invoices';

/** The department's corrections: paid / open, and a credit memo on an invoice. */
export function InvoiceDepartmentActions({ invoice: i }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const status = useInvoiceStatus(i.id);
  const credit = useCreditMemo(i.id);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const fieldError = (field: string) => serverFieldError(credit.error, field);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoice-department">
      <Title order={3} size="h5" id="invoice-department" mb="sm">
        {t('routes.Materieeldienst')}
      </Title>
      <Group gap="sm" mb="md">
        <Button
          variant="light"
          mih={44}
          loading={status.isPending}
          onClick={() =>
            status.mutate(i.status === 'paid' ? 'open' : 'paid', {
              onSuccess: () => snackbar.success('shared.wijzigingen_opgeslagen'),
              onError: (e) => snackbar.error(e),
            })
          }
          data-testid="invoice-mark"
        >
          {i.status === 'paid' ? t('Facturen.markeer_open') : t('Facturen.markeer_betaald')}
        </Button>
      </Group>
      {i.kind === 'invoice' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            credit.mutate(
              { description: description.trim(), amountExclVat: amount.trim().replace(',', '.') },
              {
                onSuccess: (r) => {
                  snackbar.success('Facturen.creditnota.gemaakt', { number: r.documentNo });
                  setDescription('');
                  setAmount('');
                },
                onError: (e) => {
                  if (!isApiError(e) || !(e.status === 400 || e.status === 422)) snackbar.error(e);
                },
              },
            );
          }}
        >
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              label={t('Facturen.creditnota.reden')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={200}
              required
              error={fieldError('description')}
              style={{ flex: 1, minWidth: 220 }}
              styles={{ input: { minHeight: 44 } }}
            />
            <TextInput
              label={t('Facturen.creditnota.bedrag')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              required
              error={fieldError('amountExclVat')}
              w={180}
              styles={{ input: { minHeight: 44 } }}
            />
            <Button type="submit" mt={25} mih={44} loading={credit.isPending} data-testid="invoice-credit">
              {t('Facturen.creditnota.maken')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}
