import {
  Button,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Paper,
  RangeSlider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Facets } from '@mp/contract/api/catalogue';
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BooleanGroup, INITIAL_OPTIONS, shownOptions } from '../../catalogue/facet-view';
import type { ListParams, RangeKey } from '../../catalogue/list-params';
import type { Formatters } from '../format';

function BooleanGroupFilter({
  group,
  onToggle,
}: {
  group: BooleanGroup;
  onToggle: (attributeId: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const options = shownOptions(group, expanded);
  const more = group.options.length > INITIAL_OPTIONS;
  return (
    <Checkbox.Group label={group.label} data-testid={`facet-${group.key}`}>
      <Stack gap={2} mt={4}>
        {options.map((o) => (
          <Checkbox
            key={o.attributeId}
            checked={o.selected}
            onChange={(e) => onToggle(o.attributeId, e.currentTarget.checked)}
            label={
              <Group gap={6} wrap="nowrap">
                <span>{o.label}</span>
                <Text span size="xs" c="dimmed">
                  ({o.count})
                </Text>
              </Group>
            }
            value={o.attributeId}
            styles={{ body: { minHeight: 40, alignItems: 'center' } }}
          />
        ))}
        {more && (
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            mih={36}
            w="fit-content"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            rightSection={
              expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
            }
          >
            {expanded ? t('shared.minder_tonen') : t('Catalogus.meer_opties')}
          </Button>
        )}
      </Stack>
    </Checkbox.Group>
  );
}

function RangeFilter({
  label,
  bounds,
  value,
  onApply,
  format,
  decimals,
}: {
  label: string;
  bounds: { min: string; max: string };
  value: [number | undefined, number | undefined];
  onApply: (min: number | undefined, max: number | undefined) => void;
  format: Formatters;
  decimals: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const lo = Math.floor(Number(bounds.min));
  const hi = Math.ceil(Number(bounds.max));
  const [range, setRange] = useState<[number, number]>([value[0] ?? lo, value[1] ?? hi]);
  useEffect(() => setRange([value[0] ?? lo, value[1] ?? hi]), [value[0], value[1], lo, hi]);
  if (!(hi > lo)) return null;
  const apply = (r: [number, number]) =>
    onApply(r[0] <= lo ? undefined : r[0], r[1] >= hi ? undefined : r[1]);
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <RangeSlider
        min={lo}
        max={hi}
        step={hi - lo > 100 ? 5 : 1}
        minRange={0}
        value={range}
        onChange={setRange}
        onChangeEnd={apply}
        label={(v) => format.money(String(v), 0)}
        thumbFromLabel={`${label} ${t('shared.van')}`}
        thumbToLabel={`${label} ${t('shared.tot')}`}
        mx={8}
        my={6}
      />
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          label={t('shared.van')}
          value={range[0]}
          min={lo}
          max={hi}
          decimalScale={decimals}
          decimalSeparator={format.number(1.5, 1).charAt(1)}
          prefix="€ "
          hideControls
          onChange={(v) => setRange([typeof v === 'number' ? v : lo, range[1]])}
          onBlur={() => apply(range)}
          onKeyDown={(e) => e.key === 'Enter' && apply(range)}
          size="sm"
          styles={{ input: { minHeight: 44 } }}
        />
        <NumberInput
          label={t('shared.tot')}
          value={range[1]}
          min={lo}
          max={hi}
          decimalScale={decimals}
          decimalSeparator={format.number(1.5, 1).charAt(1)}
          prefix="€ "
          hideControls
          onChange={(v) => setRange([range[0], typeof v === 'number' ? v : hi])}
          onBlur={() => apply(range)}
          onKeyDown={(e) => e.key === 'Enter' && apply(range)}
          size="sm"
          styles={{ input: { minHeight: 44 } }}
        />
      </Group>
    </Stack>
  );
}

/**
 * The filters of the catalogue and the search (product §2): technical-data checkboxes per group (three, then
 * "more"), price ranges per day and per week. On phones they fold away behind a button.
 */
export function FacetFilters({
  groups,
  facets,
  params,
  onToggle,
  onRange,
  onClear,
  format,
  priceDecimals,
  active,
}: {
  groups: BooleanGroup[];
  facets: Facets | undefined;
  params: ListParams;
  onToggle: (attributeId: string, on: boolean) => void;
  onRange: (key: RangeKey, min: number | undefined, max: number | undefined) => void;
  onClear: () => void;
  format: Formatters;
  priceDecimals: number;
  active: boolean;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;
  const [opened, { toggle }] = useDisclosure(false);
  const activeCount =
    params.bool.length +
    (params.dayMin !== undefined || params.dayMax !== undefined ? 1 : 0) +
    (params.weekMin !== undefined || params.weekMax !== undefined ? 1 : 0);

  const body = (
    <Stack gap="lg">
      {groups.map((g) => (
        <BooleanGroupFilter key={g.key} group={g} onToggle={onToggle} />
      ))}
      {facets?.dayPrice && (
        <RangeFilter
          label={t('Catalogus.filter_huurprijs')}
          bounds={facets.dayPrice}
          value={[params.dayMin, params.dayMax]}
          onApply={(min, max) => onRange('day', min, max)}
          format={format}
          decimals={priceDecimals}
        />
      )}
      {facets?.weekPrice && (
        <RangeFilter
          label={t('Catalogus.filter_huurprijs_week')}
          bounds={facets.weekPrice}
          value={[params.weekMin, params.weekMax]}
          onApply={(min, max) => onRange('week', min, max)}
          format={format}
          decimals={priceDecimals}
        />
      )}
      {active && (
        <Button
          variant="light"
          color="gray"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={onClear}
          mih={44}
        >
          {t('shared.filters_wissen')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={narrow ? 'xs' : 'md'}
      component="section"
      aria-labelledby="filters-title"
    >
      {narrow ? (
        <>
          <Button
            variant="subtle"
            fullWidth
            justify="space-between"
            onClick={toggle}
            aria-expanded={opened}
            mih={44}
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            rightSection={
              opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            id="filters-title"
            styles={{ label: { flex: 1, justifyContent: 'flex-start' } }}
          >
            {activeCount > 0 ? `${t('shared.filters')} (${activeCount})` : t('shared.filters')}
          </Button>
          <Collapse expanded={opened}>
            <div style={{ paddingTop: 12 }}>{body}</div>
          </Collapse>
        </>
      ) : (
        <>
          <Title order={2} size="h4" mb="sm" id="filters-title">
            {t('shared.filters')}
          </Title>
          {body}
        </>
      )}
    </Paper>
  );
}
