import {
  Accordion,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconDownload,
  IconFileSpreadsheet,
  IconFiles,
  IconFileText,
  IconPhoto,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../../shared/api/download-file';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { type Formatters, useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type LocationDocument,
  type LocationDocumentList,
  useLocationDocuments,
} from '../api/location-documents';

// The location documents page (/locatie-documenten, issue #13 part 4, decision 0020): the selected location's
// documents by category, newest first, searched by name and narrowed to a category; each one downloaded with the
// user's token. An error shows as an error, never as "no documents".

const PAGE_SIZE = 50;

const TYPES: Array<[RegExp, string]> = [
  [/^application\/pdf$/, 'PDF'],
  [/^image\/jpeg$/, 'JPEG'],
  [/^image\/png$/, 'PNG'],
  [/spreadsheetml|ms-excel/, 'XLSX'],
  [/wordprocessingml|msword/, 'DOCX'],
  [/^text\/csv/, 'CSV'],
  [/^text\/plain/, 'TXT'],
];

/** What the file is, as people name it: PDF, JPEG, XLSX … (its extension when the type says nothing). */
export function fileTypeOf(d: Pick<LocationDocument, 'contentType' | 'fileName'>): string {
  const known = TYPES.find(([re]) => re.test(d.contentType));
  if (known) return known[1];
  const ext = /\.([a-z0-9]{1,8})$/i.exec(d.fileName)?.[1];
  return ext ? ext.toUpperCase() : d.contentType;
}

/** A size in bytes as kB or MB with the locale's decimal separator. */
export function fileSizeOf(bytes: number, format: Formatters): string {
  if (bytes < 1024) return `${format.number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.number(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${format.number(bytes / (1024 * 1024), 1)} MB`;
}

function FileIcon({ d }: { d: LocationDocument }) {
  const Icon = d.contentType.startsWith('image/')
    ? IconPhoto
    : /spreadsheet|excel|csv/.test(d.contentType)
      ? IconFileSpreadsheet
      : IconFileText;
  return (
    <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
      <Icon size={20} />
    </ThemeIcon>
  );
}

function DocumentRow({ d, last }: { d: LocationDocument; last: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFile(d.url, d.fileName)
      .catch((e) => snackbar.error(e, 'LocatieDocumenten.download_error'))
      .finally(() => setBusy(false));
  };
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py={6}
      data-testid="document-row"
      style={last ? undefined : { borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <FileIcon d={d} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {d.title}
          </Text>
          <Text size="xs" c="dimmed">
            <span title={t('LocatieDocumenten.bestandstype')}>{fileTypeOf(d)}</span>
            {' · '}
            <span title={t('LocatieDocumenten.grootte')}>{fileSizeOf(d.size, format)}</span>
            {d.date && (
              <>
                {' · '}
                <time dateTime={d.date} title={t('LocatieDocumenten.datum')}>
                  {format.day(d.date)}
                </time>
              </>
            )}
          </Text>
        </Stack>
      </Group>
      <Button
        variant="light"
        size="sm"
        mih={44}
        miw={44}
        px="sm"
        loading={busy}
        onClick={download}
        leftSection={<IconDownload size={16} aria-hidden />}
        styles={{ section: { marginInlineEnd: narrow ? 0 : undefined } }}
        style={{ flexShrink: 0 }}
        aria-label={t('LocatieDocumenten.downloaden_van', { title: d.title })}
        data-testid="document-download"
      >
        {/* why: at phone width the label leaves no room for the title; the icon and the button's name remain */}
        <Box component="span" visibleFrom="xs">
          {t('shared.downloaden')}
        </Box>
      </Button>
    </Group>
  );
}

/** A category as the reader's language names it (the known ones; any other as it is stored). */
function useCategoryLabel() {
  const { t } = useTranslation();
  return (c: string) => t(`LocatieDocumenten.categorieen.${c}`, { defaultValue: c });
}

/** The page's documents under their categories (all open; a category closed stays closed while filtering). */
function CategorySections({ list }: { list: LocationDocumentList }) {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const [closed, setClosed] = useState<string[]>([]);
  const groups = new Map<string, LocationDocument[]>();
  for (const d of list.items) groups.set(d.category, [...(groups.get(d.category) ?? []), d]);
  const shown = [...groups.keys()];
  const count = (c: string) =>
    list.categories.find((x) => x.category === c)?.count ?? groups.get(c)?.length ?? 0;
  return (
    <Accordion
      multiple
      variant="separated"
      radius="md"
      chevronPosition="left"
      value={shown.filter((c) => !closed.includes(c))}
      onChange={(open) => setClosed(shown.filter((c) => !open.includes(c)))}
      data-testid="document-categories"
    >
      {shown.map((c) => (
        <Accordion.Item value={c} key={c} data-testid="document-category">
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text fw={700}>{label(c)}</Text>
              <Badge
                variant="light"
                c="dark.8"
                aria-label={t('LocatieDocumenten.aantal_documenten', { count: count(c) })}
              >
                {count(c)}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap={0}>
              {(groups.get(c) ?? []).map((d, i, all) => (
                <DocumentRow key={d.id} d={d} last={i === all.length - 1} />
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function LocatieDocumentenPage() {
  const { t } = useTranslation();
  const label = useCategoryLabel();
  const location = useStore(selectedLocationStore);
  const [sp, setSp] = useSearchParams();
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const query = sp.get('q') ?? '';
  const category = sp.get('categorie') ?? '';
  const [draft, setDraft] = useState(query);
  const docs = useLocationDocuments(
    location ? { locationNo: location.locationNo, query, category, page, pageSize: PAGE_SIZE } : null,
  );
  const set = (next: Record<string, string | undefined>) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!('page' in next)) p.delete('page');
        return p;
      },
      { replace: true },
    );
  const filtered = Boolean(query || category);
  const clear = () => {
    setDraft('');
    set({ q: undefined, categorie: undefined });
  };

  let body: ReactNode;
  if (!location) body = <LocationPrompt messageKey="LocatieDocumenten.kies_locatie" />;
  else if (docs.isPending) body = <LoadingBlock />;
  else if (docs.isError)
    body = (
      <ErrorView
        messageKey="LocatieDocumenten.ophalen_error"
        error={docs.error}
        onRetry={() => void docs.refetch()}
      />
    );
  else if (docs.data.items.length === 0)
    body = (
      <EmptyView
        title={filtered ? t('LocatieDocumenten.geen_documenten_filter') : t('Locatie.geen_documenten')}
        icon={<IconFiles size={28} aria-hidden />}
      >
        {filtered && (
          <Button variant="subtle" onClick={clear} mih={44}>
            {t('LocatieDocumenten.filter_wissen')}
          </Button>
        )}
      </EmptyView>
    );
  else
    body = (
      <Stack gap="md" aria-busy={docs.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('LocatieDocumenten.aantal_documenten', { count: docs.data.total })}
        </Text>
        <CategorySections list={docs.data} />
        <ListPager
          pageSize={PAGE_SIZE}
          page={page}
          total={docs.data.total}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined })}
        />
      </Stack>
    );

  const categories = docs.data?.categories ?? [];
  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {location && (
        <Paper withBorder radius="md" p="sm" mb="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              set({ q: draft.trim() || undefined });
            }}
          >
            <Group align="end" gap="sm" wrap="wrap">
              <TextInput
                label={t('LocatieDocumenten.zoeken')}
                placeholder={t('LocatieDocumenten.zoeken_hint')}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  draft ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      px={4}
                      onClick={() => {
                        setDraft('');
                        set({ q: undefined });
                      }}
                      aria-label={t('LocatieDocumenten.filter_wissen')}
                    >
                      <IconX size={16} aria-hidden />
                    </Button>
                  ) : null
                }
                maxLength={100}
                styles={{ input: { minHeight: 44 } }}
                style={{ flex: '1 1 220px' }}
                data-testid="document-search"
              />
              <Select
                label={t('LocatieDocumenten.categorie')}
                placeholder={t('LocatieDocumenten.alle_categorieen')}
                data={[
                  ...categories.map((c) => ({
                    value: c.category,
                    label: `${label(c.category)} (${c.count})`,
                  })),
                  ...(category && !categories.some((c) => c.category === category)
                    ? [{ value: category, label: label(category) }]
                    : []),
                ]}
                value={category || null}
                onChange={(v) => set({ categorie: v ?? undefined })}
                clearable
                clearButtonProps={{ 'aria-label': t('shared.wissen') }}
                style={{ flex: '1 1 180px', maxWidth: 320 }}
                styles={{ input: { minHeight: 44 } }}
                data-testid="document-category-filter"
              />
              <Button type="submit" mih={44} style={{ flex: '0 0 auto' }}>
                {t('shared.zoeken')}
              </Button>
            </Group>
          </form>
        </Paper>
      )}
      {body}
    </>
  );
}
