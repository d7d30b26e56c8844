import { Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { serverFieldError } from '../../../shared/lib/form-errors';
import { useFormat } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useInvoicingRun } from '../api/invoices';
import { kindKey, num } from './invoice-parts';

const monthOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;

/** The department's invoicing run (/materieeldienst/facturatie): a month that is over, all locations or some. */
export function InvoicingRun() {
  const { t } = useTranslation();
  const format = useFormat();
  const run = useInvoicingRun();
  const now = new Date();
  const [month, setMonth] = useState(monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1)));
  const [locations, setLocations] = useState('');
  const fieldError = (field: string) => serverFieldError(run.error, field);
  const result = run.data;
  return (
    <>
      <PageHeader description={t('Facturen.run.uitleg')} />
      <Paper withBorder radius="md" p="md" mb="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const numbers = locations
              .split(/[\s,;]+/)
              .map((n) => n.trim())
              .filter(Boolean);
            run.mutate(
              { month, ...(numbers.length ? { locations: numbers } : {}) },
              {
                onError: (err) =>
                  !isApiError(err) || !(err.status === 400 || err.status === 422)
                    ? snackbar.error(err)
                    : undefined,
              },
            );
          }}
        >
          <Group align="start" gap="sm" wrap="wrap">
            <TextInput
              type="month"
              label={t('Facturen.run.maand')}
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              required
              error={fieldError('month')}
              w={200}
              styles={{ input: { minHeight: 44 } }}
              data-testid="run-month"
            />
            <TextInput
              label={t('Facturen.run.locaties')}
              description={t('Facturen.run.locaties_hint')}
              value={locations}
              onChange={(e) => setLocations(e.currentTarget.value)}
              error={fieldError('locations')}
              style={{ flex: 1, minWidth: 220 }}
              styles={{ input: { minHeight: 44 } }}
              data-testid="run-locations"
            />
            <Button type="submit" mt={25} mih={44} loading={run.isPending} data-testid="run-start">
              {t('Facturen.run.starten')}
            </Button>
          </Group>
        </form>
      </Paper>
      {result && (
        <Stack gap="sm" data-testid="run-result">
          <Text role="status">
            {t('Facturen.run.resultaat', {
              period: `${format.day(result.periodFrom)} – ${format.day(result.periodTo)}`,
              locations: result.locations,
              created: result.created.length,
              skipped: result.skipped,
            })}
          </Text>
          {result.created.length > 0 && (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Facturen.factuurnummer')}</Table.Th>
                    <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
                    <Table.Th>{t('Facturen.locatie')}</Table.Th>
                    <Table.Th style={num}>{t('Facturen.aantal_regels')}</Table.Th>
                    <Table.Th style={num}>{t('Facturen.bedrag_incl')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.created.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.documentNo}</Table.Td>
                      <Table.Td>{t(kindKey[c.kind])}</Table.Td>
                      <Table.Td>{c.locationNo}</Table.Td>
                      <Table.Td style={num}>{c.lineCount}</Table.Td>
                      <Table.Td style={num}>{format.money(c.amountInclVat)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </>
  );
}
