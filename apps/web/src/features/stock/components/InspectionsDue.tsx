import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { useIdleEquipment } from '../api/get-idle';

// why: a long label (German, on a phone) wraps inside its button instead of pushing the page sideways
const wrapping = {
  root: { maxWidth: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};
/** Most plant numbers named in the prefilled request (the rest are "…"). */
const MAX_NAMED = 20;

/**
 * The plants whose next inspection falls due before the project's end (decision 0034), said above the stock, with one
 * tap to request an exchange: the transport request wizard opened with the plants as its cargo and a comment.
 */
export function InspectionsDue({ locationNo, canWrite }: { locationNo: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const idle = useIdleEquipment(locationNo);
  const due = idle.data?.inspectionsDue ?? [];
  const end = idle.data?.projectEnd ?? null;
  if (due.length === 0 || !end) return null;
  const named = due.slice(0, MAX_NAMED).map((d) => d.plantNo);
  const plants = named.join(', ') + (due.length > MAX_NAMED ? ', …' : '');
  const cargo = due
    .slice(0, MAX_NAMED)
    .map((d) => `${d.plantNo} ${d.description} (${format.day(d.nextInspection)})`)
    .join('; ');
  const query = new URLSearchParams({
    lading: cargo,
    opmerking: t('Stilstand.omruilen_opmerking', { plants }),
  });
  return (
    <Alert
      color="blue.8"
      variant="outline"
      icon={<IconCalendarDue size={20} aria-hidden />}
      data-testid="inspections-due"
      styles={{ body: { minWidth: 0 }, message: { color: 'var(--mantine-color-text)' } }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text
          size="sm"
          fw={600}
          style={{ flex: '1 1 260px', minWidth: 0 }}
          data-testid="inspections-due-sentence"
        >
          {t('Stilstand.keuringen_samenvatting', { count: due.length, end: format.day(end) })}
        </Text>
        {canWrite && (
          <Button
            component={Link}
            to={`${paths.transportGegevens.to()}?${query}`}
            variant="default"
            mih={44}
            h="auto"
            styles={wrapping}
            data-testid="request-exchange"
          >
            {t('Stilstand.omruilen')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
