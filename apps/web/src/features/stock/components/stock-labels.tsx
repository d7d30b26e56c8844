import { Badge, VisuallyHidden } from '@mantine/core';
import type { InspectionLevel } from '@mp/contract/api/stock';
import { inspectionDueBeforeEnd } from '@mp/contract/rules/stock';
import { IconZzz } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';

// why: dark enough shades (and autoContrast text) to keep 4.5:1 on white and on striped rows (axe).
const levelColour: Record<InspectionLevel, string> = {
  ok: 'gray',
  info: 'blue.8',
  warning: 'yellow.5',
  danger: 'red.9',
};

/** A plant hired in from another rental company (extern materieel). */
export function ExternalBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      color="gray.8"
      size="sm"
      styles={{ label: { textTransform: 'none' } }}
      data-testid="external-badge"
    >
      {t('Materieelvoorraad.extern_materieel')}
    </Badge>
  );
}

/** Nothing moved the line for Materieelvoorraad_StilstandDagen days (decision 0034): since when, in its title. */
export function IdleBadge({ since, days }: { since: string | null; days: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (since === null || days === null) return null;
  const title = t('Stilstand.badge_titel', { date: format.day(since), days });
  return (
    <Badge
      color="gray.8"
      variant="outline"
      size="sm"
      leftSection={<IconZzz size={12} color="var(--mantine-color-orange-9)" aria-hidden />}
      title={title}
      aria-label={title}
      data-testid="idle-badge"
      styles={{ label: { textTransform: 'none' } }}
    >
      {t('Stilstand.badge')} · {days}
    </Badge>
  );
}

/** The next inspection falls due on or before the project's end (decision 0034): inspect or exchange it. */
export function DueBeforeEndBadge({ due, end }: { due: string | null; end: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!inspectionDueBeforeEnd(due, end)) return null;
  const title = t('Stilstand.keuring_titel', { date: format.day(due), end: format.day(end) });
  return (
    <Badge
      color="blue.8"
      variant="outline"
      size="sm"
      title={title}
      aria-label={title}
      data-testid="due-before-end"
      styles={{ label: { textTransform: 'none' } }}
    >
      {t('Stilstand.keuring_voor_einde')}
    </Badge>
  );
}

/** The next inspection date in its colour (info / warning / danger by the settings' day windows). */
export function InspectionBadge({ due, level }: { due: string | null; level: InspectionLevel | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!due || !level) return <span aria-hidden>–</span>;
  return (
    <Badge
      color={levelColour[level]}
      variant={level === 'ok' ? 'default' : 'filled'}
      autoContrast
      data-level={level}
      data-testid="inspection-badge"
      title={t(`Materieelvoorraad.keuring.${level}`)}
      styles={{ label: { textTransform: 'none' } }}
    >
      {format.day(due)}
      <VisuallyHidden> ({t(`Materieelvoorraad.keuring.${level}`)})</VisuallyHidden>
    </Badge>
  );
}

export { ledgerKindKey } from '@mp/contract/rules/stock';

/** The order page of a ledger row's order, by the order's kind. */
export function orderPath(kind: string | null, id: string | null): string | null {
  if (!id) return null;
  switch (kind) {
    case 'delivery':
      return paths.orderAanvoer.to(id);
    case 'removal':
      return paths.orderAfvoer.to(id);
    case 'move_to':
      return paths.orderNaarVerplaatsing.to(id);
    case 'move_from':
      return paths.orderVanVerplaatsing.to(id);
    default:
      return null;
  }
}
