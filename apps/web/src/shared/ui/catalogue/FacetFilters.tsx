import { Button, Checkbox, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Facets } from '@mp/contract/api/catalogue';
import { IconAdjustmentsHorizontal, IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BooleanGroup, INITIAL_OPTIONS, shownOptions } from '../../catalogue/facet-view';
import type { ListParams, RangeKey } from '../../catalogue/list-params';
import { laterPart, useLaterPart } from '../../lib/later-part';
import type { Formatters } from '../format';
import type { RangeFilterProps } from './RangeFilter';

/** The price ranges (RangeSlider, NumberInput with react-number-format), loaded after the page's first paint. */
const rangeFilterPart = laterPart(() => import('./RangeFilter'));

/** Until its code has arrived, a range filter keeps its place (its height), so nothing below it moves. */
function RangeFilter(props: RangeFilterProps) {
  const Filter = useLaterPart(rangeFilterPart)?.RangeFilter;
  if (Filter) return <Filter {...props} />;
  // the same rule as the filter's own: no range to choose, nothing shown
  if (!(Math.ceil(Number(props.bounds.max)) > Math.floor(Number(props.bounds.min)))) return null;
  return <div style={{ minHeight: RANGE_FILTER_HEIGHT }} aria-hidden />;
}

/**
 * A range filter's height (px), from its parts: label ≈ 22, gap 6, slider with its margins ≈ 34, gap 6, the two
 * amount fields with their labels ≈ 66 (44 px fields). Not measured: the demo data shows no price range.
 */
const RANGE_FILTER_HEIGHT = 140;

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
