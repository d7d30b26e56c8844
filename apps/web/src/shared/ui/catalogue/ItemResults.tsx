import {
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CatalogueItem } from '@mp/contract/api/catalogue';
import { pageSizes } from '@mp/contract/rules/limits';
import { IconLayoutGrid, IconShoppingCartPlus, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectionStore } from '../../catalogue/selection';
import { listViewStore, setListView } from '../../catalogue/view-mode';
import { useStore } from '../../lib/store';
import { useProgressiveCount } from '../../lib/use-progressive-count';
import { wrappingLabel } from '../button-styles';
import { PlainSelect } from '../PlainSelect';
import { ReadOnlyReason } from '../ReadOnlyReason';
import { ItemCard, type ItemListFormat } from './ItemCard';
import { ItemTable } from './ItemTable';

/** How many items have an amount: this line re-renders as the selection changes, not the list. */
function SelectedCount() {
  const { t } = useTranslation();
  const count = useStore(selectionStore, (s) => s.size);
  return (
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {t('shared.geselecteerd', { count })}
    </Text>
  );
}

/**
 * Cards or table, page size and paging above and below, and the bar that adds the selection. The list does not
 * follow the selection: each amount field and the count read their own part of it (a key press re-renders one
 * field, issue #36 point 3).
 */
export function ItemResults({
  items,
  fmt,
  words,
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
  onAddSelection,
  adding,
  readOnlyKey,
  busy,
}: {
  items: CatalogueItem[];
  fmt: ItemListFormat;
  words?: readonly string[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onAddSelection: () => void;
  adding: boolean;
  /** Set when the user may not add here (read-only location): the add button is disabled with this reason. */
  readOnlyKey?: string | null;
  /** A new page or filter is loading (the old results stay, dimmed). */
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const view = useStore(listViewStore);
  // phones always get cards (ARCHITECTURE §6: tables turn into cards on narrow screens)
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const showTable = view === 'table' && !narrow;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // 50 cards: the first screenful at once, the rest in the tasks after it
  const count = useProgressiveCount(items.length);
  const shown = count < items.length ? items.slice(0, count) : items;

  const toolbar = (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: total })}
        </Text>
        {busy && <Loader size="xs" aria-hidden />}
      </Group>
      <Group gap="sm" wrap="wrap">
        <PlainSelect
          label={t('shared.per_pagina')}
          data={pageSizes.map((s) => ({ value: String(s), label: String(s) }))}
          value={String(pageSize)}
          onChange={(v) => onPageSize(Number(v))}
          w={100}
          size="sm"
        />
        {!narrow && (
          <div>
            <VisuallyHidden id="list-view-label">{t('Catalogus.weergave')}</VisuallyHidden>
            <SegmentedControl
              aria-labelledby="list-view-label"
              mt={22}
              value={view}
              onChange={(v) => setListView(v === 'table' ? 'table' : 'cards')}
              data={[
                {
                  value: 'cards',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconLayoutGrid size={16} aria-hidden />
                      <span>{t('Catalogus.weergave_kaarten')}</span>
                    </Group>
                  ),
                },
                {
                  value: 'table',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconTable size={16} aria-hidden />
                      <span>{t('Catalogus.weergave_tabel')}</span>
                    </Group>
                  ),
                },
              ]}
            />
          </div>
        )}
      </Group>
    </Group>
  );

  const pager =
    pages > 1 ? (
      <Group justify="center">
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="lg"
          siblings={narrow ? 0 : 1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? t('shared.volgende')
                : control === 'previous'
                  ? t('shared.vorige')
                  : undefined,
          })}
          getItemProps={(p) => ({ 'aria-label': t('shared.pagina_van', { page: p, pages }) })}
        />
      </Group>
    ) : null;

  let list: ReactNode;
  if (showTable) list = <ItemTable items={shown} fmt={fmt} words={words} />;
  else
    list = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((item) => (
          <ItemCard key={item.itemNo} item={item} fmt={fmt} words={words} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      {toolbar}
      <div aria-busy={busy || undefined}>{list}</div>
      {pager}
      <Paper
        shadow="md"
        withBorder
        radius="md"
        px="md"
        py="xs"
        data-testid="selection-bar"
        style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <SelectedCount />
          <ReadOnlyReason reasonKey={readOnlyKey} />
          <Button
            leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
            onClick={onAddSelection}
            loading={adding}
            disabled={Boolean(readOnlyKey)}
            mih={44}
            styles={wrappingLabel}
            data-testid="add-selection"
          >
            {t('Catalogus.toevoegen_bestellijst')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
