import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { StockLine, StockSort } from '@mp/contract/api/stock';
import { IconArrowDown, IconArrowUp, IconSelector, IconTruckReturn } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { LaterTooltip } from '../../../shared/ui/LaterTooltip';
import { DueBeforeEndBadge, ExternalBadge, IdleBadge, InspectionBadge } from './stock-labels';

const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

type SortField = 'itemNo' | 'description' | 'plantNo' | 'quantity' | 'onSiteSince' | 'nextInspection';

function SortHeader({
  field,
  sort,
  onSort,
  children,
  align,
}: {
  field: SortField;
  sort: StockSort;
  onSort: (s: StockSort) => void;
  children: ReactNode;
  align?: 'right';
}) {
  const active = sort === field || sort === `${field}Desc` || (field === 'itemNo' && sort === 'default');
  const desc = sort === `${field}Desc`;
  const Icon = !active ? IconSelector : desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th
      aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}
      style={align === 'right' ? { textAlign: 'right' } : undefined}
    >
      <UnstyledButton
        onClick={() => onSort(active && !desc ? (`${field}Desc` as StockSort) : field)}
        data-testid={`sort-${field}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, minHeight: 32 }}
      >
        {children}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

export interface StockListProps {
  items: StockLine[];
  sort: StockSort;
  onSort: (s: StockSort) => void;
  selectable: boolean;
  selected: Set<string>;
  onToggle: (key: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  onRemove: (line: StockLine) => void;
  priceDecimals: number;
  /** The project's end: a plant due for inspection on or before it is marked (decision 0034). */
  projectEnd?: string | null;
}

function rent(line: StockLine, value: string | null, format: ReturnType<typeof useFormat>, decimals: number) {
  if (line.priceOnDemand) return null;
  return value === null ? '–' : format.money(value, decimals);
}

function RemovalCell({
  line,
  onRemove,
  compact,
}: {
  line: StockLine;
  onRemove: (l: StockLine) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const mine = t('Materieelvoorraad.op_afvoerlijst', { count: line.onMyRemovalList });
  const others = `${t('Materieelvoorraad.in_afvoer')}: ${line.onOtherRemovalLists}`;
  const label = `${t('Materieelvoorraad.toevoegen_afvoerlijst')}: ${line.plantNo ?? line.itemNo}`;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {line.onMyRemovalList > 0 && (
        <LaterTooltip label={mine} withArrow>
          <Badge
            color="grape.9"
            variant="light"
            leftSection={<IconTruckReturn size={14} aria-hidden />}
            data-testid="on-removal-list"
            aria-label={mine}
            styles={{ label: { textTransform: 'none' } }}
          >
            {compact ? line.onMyRemovalList : mine}
          </Badge>
        </LaterTooltip>
      )}
      {line.onOtherRemovalLists > 0 && (
        <LaterTooltip label={others} withArrow>
          <Badge
            color="gray.8"
            variant="outline"
            aria-label={others}
            styles={{ label: { textTransform: 'none' } }}
          >
            {compact ? `+${line.onOtherRemovalLists}` : others}
          </Badge>
        </LaterTooltip>
      )}
      {line.leaving > 0 && (
        <LaterTooltip label={t('Materieelvoorraad.aangevraagd', { count: line.leaving })} withArrow>
          <Badge
            color="gray.8"
            variant="outline"
            aria-label={t('Materieelvoorraad.aangevraagd', { count: line.leaving })}
            data-testid="leaving"
            styles={{ label: { textTransform: 'none' } }}
          >
            {compact ? `−${line.leaving}` : t('Materieelvoorraad.aangevraagd', { count: line.leaving })}
          </Badge>
        </LaterTooltip>
      )}
      {line.availableForRemoval > 0 &&
        (compact ? (
          <LaterTooltip label={t('Materieelvoorraad.toevoegen_afvoerlijst')} withArrow>
            <ActionIcon
              variant="light"
              size={40}
              onClick={() => onRemove(line)}
              aria-label={label}
              data-testid="remove-line"
            >
              <IconTruckReturn size={20} aria-hidden />
            </ActionIcon>
          </LaterTooltip>
        ) : (
          <Button
            variant="light"
            size="sm"
            mih={40}
            leftSection={<IconTruckReturn size={16} aria-hidden />}
            onClick={() => onRemove(line)}
            data-testid="remove-line"
            aria-label={label}
          >
            {t('Materieelvoorraad.toevoegen_afvoerlijst')}
          </Button>
        ))}
    </Group>
  );
}

function PlantLink({ line }: { line: StockLine }) {
  if (!line.plantNo) return null;
  return (
    <>
      <Anchor component={Link} to={paths.materieelvoorraadDetails.to(line.itemNo, line.plantNo)} fw={600}>
        {line.plantNo}
      </Anchor>
      {line.external && (
        <>
          {' '}
          <ExternalBadge />
        </>
      )}
    </>
  );
}

function HistoryLink({ line, children }: { line: StockLine; children: ReactNode }) {
  return (
    <Anchor component={Link} to={paths.voorraadverloop.to(line.itemNo, line.plantNo ?? '-')} fw={600}>
      {children}
    </Anchor>
  );
}

/** The stock as a table (wide screens). */
export function StockTable(p: StockListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const selectableKeys = p.items.filter((l) => l.availableForRemoval > 0).map((l) => l.key);
  const allOn = selectableKeys.length > 0 && selectableKeys.every((k) => p.selected.has(k));
  // Rent only when some line shows a price ("price on demand" is said once above the list).
  const showRent = p.items.some((l) => l.showPrice && l.lineDayRent !== null);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="stock-table">
        <Table.Thead>
          <Table.Tr>
            {p.selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('shared.alles_selecteren')}
                  checked={allOn}
                  indeterminate={!allOn && selectableKeys.some((k) => p.selected.has(k))}
                  disabled={selectableKeys.length === 0}
                  onChange={(e) => p.onToggleAll(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <SortHeader field="itemNo" sort={p.sort} onSort={p.onSort}>
              {t('shared.artikelnummer')}
            </SortHeader>
            <SortHeader field="description" sort={p.sort} onSort={p.onSort}>
              {t('shared.omschrijving')}
            </SortHeader>
            <SortHeader field="plantNo" sort={p.sort} onSort={p.onSort}>
              {t('shared.materieelnummer')}
            </SortHeader>
            <SortHeader field="quantity" sort={p.sort} onSort={p.onSort} align="right">
              {t('shared.aantal')}
            </SortHeader>
            <SortHeader field="onSiteSince" sort={p.sort} onSort={p.onSort}>
              {t('Materieelvoorraad.sinds')}
            </SortHeader>
            <Table.Th style={num}>{t('Materieelvoorraad.dagen_op_locatie')}</Table.Th>
            {showRent && <Table.Th style={num}>{t('Materieelvoorraad.huur')}</Table.Th>}
            <SortHeader field="nextInspection" sort={p.sort} onSort={p.onSort}>
              {t('Materieelvoorraad.keuringsdatum')}
            </SortHeader>
            <Table.Th style={{ textAlign: 'right' }}>{t('Afvoerlijst.titel')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.items.map((l) => (
            <Table.Tr key={l.key} data-testid="stock-row" data-key={l.key}>
              {p.selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('Materieelvoorraad.selecteer_regel', { name: l.plantNo ?? l.itemNo })}
                    checked={p.selected.has(l.key)}
                    disabled={l.availableForRemoval === 0}
                    onChange={(e) => p.onToggle(l.key, e.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <HistoryLink line={l}>{l.itemNo}</HistoryLink>
              </Table.Td>
              <Table.Td>
                {l.description}
                {l.idleDays !== null && (
                  <div>
                    <IdleBadge since={l.idleSince} days={l.idleDays} />
                  </div>
                )}
              </Table.Td>
              <Table.Td>
                <PlantLink line={l} />
              </Table.Td>
              <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(l.onSiteSince)}</Table.Td>
              <Table.Td style={num}>{format.number(l.daysOnSite)}</Table.Td>
              {showRent && (
                <Table.Td style={num}>
                  {rent(l, l.lineDayRent, format, p.priceDecimals) ?? t('shared.prijs_op_aanvraag')}
                </Table.Td>
              )}
              {showRent && (
                <Table.Td style={num}>{rent(l, l.lineWeekRent, format, p.priceDecimals) ?? ''}</Table.Td>
              )}
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <InspectionBadge due={l.nextInspection} level={l.inspectionLevel} />
                  <DueBeforeEndBadge due={l.nextInspection} end={p.projectEnd ?? null} />
                </Group>
              </Table.Td>
              <Table.Td>
                <RemovalCell line={l} onRemove={p.onRemove} compact />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The stock as cards (phones). */
export function StockCards(p: StockListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="sm" data-testid="stock-cards">
      {p.items.map((l) => (
        <Card key={l.key} withBorder radius="md" padding="sm" data-testid="stock-row" data-key={l.key}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {p.selectable && (
                <Checkbox
                  mt={4}
                  aria-label={t('Materieelvoorraad.selecteer_regel', { name: l.plantNo ?? l.itemNo })}
                  checked={p.selected.has(l.key)}
                  disabled={l.availableForRemoval === 0}
                  onChange={(e) => p.onToggle(l.key, e.currentTarget.checked)}
                />
              )}
              <div style={{ minWidth: 0 }}>
                <HistoryLink line={l}>{l.itemNo}</HistoryLink>
                {l.plantNo && (
                  <Text size="sm">
                    {t('shared.materieelnummer')}: <PlantLink line={l} />
                  </Text>
                )}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {l.description}
                </Text>
              </div>
            </Group>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {format.number(l.quantity)} ×
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {t('Materieelvoorraad.sinds')}: {format.day(l.onSiteSince)} ·{' '}
            {t('Materieelvoorraad.dagen_op_locatie')}: {format.number(l.daysOnSite)}
          </Text>
          {l.idleDays !== null && (
            <div>
              <IdleBadge since={l.idleSince} days={l.idleDays} />
            </div>
          )}
          {l.showPrice && l.lineDayRent !== null && (
            <Text size="sm" c="dimmed">
              {t('Materieelvoorraad.huur_dag')}: {format.money(l.lineDayRent, p.priceDecimals)}
              {l.lineWeekRent !== null &&
                ` · ${t('Materieelvoorraad.huur_week')}: ${format.money(l.lineWeekRent, p.priceDecimals)}`}
            </Text>
          )}
          <Group justify="space-between" mt={6} gap="xs">
            {l.nextInspection ? (
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {t('Materieelvoorraad.keuringsdatum')}:
                </Text>
                <InspectionBadge due={l.nextInspection} level={l.inspectionLevel} />
                <DueBeforeEndBadge due={l.nextInspection} end={p.projectEnd ?? null} />
              </Group>
            ) : (
              <span />
            )}
            <RemovalCell line={l} onRemove={p.onRemove} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
