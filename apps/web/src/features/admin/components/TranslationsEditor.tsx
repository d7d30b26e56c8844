import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { samePlaceholders } from '@mp/contract/rules/translations';
import { IconSearch } from '@tabler/icons-react';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { ListPager } from '../../../shared/ui/ListPager';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type LocaleTexts, useSaveTranslations } from '../api/get-translations';
import classes from './translations.module.css';

/*
 * The translations page (issue #15 part 7): every text key with its text in the four languages, searchable over
 * keys and texts, the missing ones first; an admin's text per language, or back to the bundle's. A saved change
 * shows at once in the interface's own language (its texts are loaded again) and for everyone on their next load.
 */

const PAGE_SIZE = 40;

export type TextStatus = 'bundle' | 'missing' | 'changed';

export interface TranslationRow {
  key: string;
  cells: Record<Locale, { text: string; status: TextStatus; bundle: string | undefined }>;
  missing: number;
  changed: number;
  /** The key and its four texts in lower case: what the search looks in (made once, not per keystroke). */
  haystack: string;
}

/** The rows of the page: one per key of the Dutch texts (every key), with each language's text and status. */
export function rowsOf(all: LocaleTexts[]): TranslationRow[] {
  const nl = all.find((a) => a.locale === 'nl-NL');
  if (!nl) return [];
  return Object.keys(nl.view.translations).map((key) => {
    const cells = {} as TranslationRow['cells'];
    let missing = 0;
    let changed = 0;
    for (const { locale, view, bundle } of all) {
      const status: TextStatus = key in view.overrides ? 'changed' : key in bundle ? 'bundle' : 'missing';
      if (status === 'missing') missing++;
      if (status === 'changed') changed++;
      cells[locale] = { text: view.translations[key] ?? '', status, bundle: bundle[key] };
    }
    const haystack = `${key} ${Object.values(cells)
      .map((c) => c.text)
      .join(' ')}`.toLowerCase();
    return { key, cells, missing, changed, haystack };
  });
}

/** Keys in the order people read them (one collator for the whole sort: localeCompare makes one per call). */
const byKey = new Intl.Collator('en');

/** The rows a search and a status show: missing texts first, then by key. */
export function visibleRows(
  rows: TranslationRow[],
  search: string,
  show: 'all' | TextStatus,
): TranslationRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .filter((r) => show === 'all' || (show === 'missing' ? r.missing > 0 : r.changed > 0))
    .filter((r) => words.every((w) => r.haystack.includes(w)))
    .sort((a, b) => Number(b.missing > 0) - Number(a.missing > 0) || byKey.compare(a.key, b.key));
}

function StatusBadge({ status }: { status: TextStatus }) {
  const { t } = useTranslation();
  if (status === 'bundle') return null;
  return (
    <Badge size="xs" variant="light" color={status === 'missing' ? 'orange' : 'blue'} c="dark.8">
      {status === 'missing' ? t('Translations.ontbreekt') : t('Translations.aangepast_kort')}
    </Badge>
  );
}

/** One key's four texts: an admin's text per language, or back to the bundle's. */
function EditDialog({ row, onClose }: { row: TranslationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTranslations();
  const [draft, setDraft] = useState<Record<Locale, string>>(
    () => Object.fromEntries(locales.map((l) => [l, row.cells[l].text])) as Record<Locale, string>,
  );
  const [restore, setRestore] = useState<Locale[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Locale, ReactNode>>>({});

  const changes = () => {
    const out: Partial<Record<Locale, Record<string, string | null>>> = {};
    for (const l of locales) {
      if (restore.includes(l)) out[l] = { [row.key]: null };
      else if (draft[l] !== row.cells[l].text) out[l] = { [row.key]: draft[l] };
    }
    return out;
  };
  const submit = () => {
    const local: Partial<Record<Locale, ReactNode>> = {};
    const original = row.cells['nl-NL'].bundle ?? row.cells['nl-NL'].text;
    for (const [l, texts] of Object.entries(changes()) as [Locale, Record<string, string | null>][]) {
      const text = texts[row.key];
      if (text === null || text === undefined) continue;
      if (!text.trim()) local[l] = errorNode({ key: 'validation.verplicht' });
      else if (!samePlaceholders(text, row.cells[l].bundle ?? original))
        local[l] = errorNode({ key: 'Translations.placeholders_ongelijk' });
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(changes(), {
      onSuccess: () => {
        snackbar.success('Translations.opgeslagen');
        onClose();
      },
      onError: (e) => {
        const fields = serverFieldErrors(e);
        const failed = (e as { locale?: Locale }).locale;
        if (fields?.[row.key] && failed) setErrors({ [failed]: fields[row.key] });
        snackbar.error(e);
      },
    });
  };
  const dirty = Object.keys(changes()).length > 0;

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Code>{row.key}</Code>}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {locales.map((l) => {
            const cell = row.cells[l];
            const restoring = restore.includes(l);
            return (
              <Stack key={l} gap={4}>
                <Textarea
                  label={
                    <Group gap="xs" component="span">
                      {t(`talen.${l}`)} <StatusBadge status={restoring ? 'bundle' : cell.status} />
                    </Group>
                  }
                  description={
                    cell.bundle !== undefined
                      ? t('Translations.bundeltekst', { text: cell.bundle })
                      : t('Translations.niet_in_bundel')
                  }
                  value={restoring ? (cell.bundle ?? row.cells['nl-NL'].text) : draft[l]}
                  disabled={restoring}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setDraft((d) => ({ ...d, [l]: value }));
                  }}
                  error={errors[l]}
                  autosize
                  minRows={1}
                  maxRows={6}
                  data-testid={`translation-${l}`}
                />
                {cell.status === 'changed' && (
                  <Group justify="flex-end">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => setRestore((r) => (restoring ? r.filter((x) => x !== l) : [...r, l]))}
                    >
                      {restoring ? t('shared.annuleren') : t('Translations.herstellen')}
                    </Button>
                  </Group>
                )}
              </Stack>
            );
          })}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('shared.annuleren')}
            </Button>
            <Button type="submit" disabled={!dirty} loading={save.isPending} data-testid="translation-save">
              {t('shared.opslaan')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * One key with its four texts, in plain elements and a CSS module: the page shows 40 of them, and a layout component
 * per cell (a table, groups and badges per language) made drawing the page the longest task of its load.
 */
function KeyRow({ row, onEdit }: { row: TranslationRow; onEdit: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} data-testid="translation-row">
      <div className={classes.head}>
        <code className={classes.key}>{row.key}</code>
        <button
          type="button"
          className={classes.edit}
          onClick={() => onEdit(row.key)}
          aria-label={`${t('shared.bewerken')}: ${row.key}`}
        >
          {t('shared.bewerken')}
        </button>
      </div>
      <dl className={classes.texts}>
        {locales.map((l) => {
          const cell = row.cells[l];
          return (
            <Fragment key={l}>
              <dt>
                <abbr title={t(`talen.${l}`)}>{l.slice(0, 2).toUpperCase()}</abbr>
              </dt>
              <dd>
                {cell.text}
                {cell.status !== 'bundle' && (
                  <span className={`${classes.badge} ${classes[cell.status]}`}>
                    {cell.status === 'missing'
                      ? t('Translations.ontbreekt')
                      : t('Translations.aangepast_kort')}
                  </span>
                )}
              </dd>
            </Fragment>
          );
        })}
      </dl>
    </div>
  );
}

export function TranslationsEditor({ all }: { all: LocaleTexts[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<'all' | TextStatus>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const rows = useMemo(() => rowsOf(all), [all]);
  const shown = useMemo(() => visibleRows(rows, search, show), [rows, search, show]);
  const onPage = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const editRow = editing ? rows.find((r) => r.key === editing) : undefined;
  const counts = useMemo(() => {
    const out = Object.fromEntries(locales.map((l) => [l, { missing: 0, changed: 0 }])) as Record<
      Locale,
      { missing: number; changed: number }
    >;
    for (const r of rows)
      for (const l of locales) {
        const status = r.cells[l].status;
        if (status !== 'bundle') out[l][status]++;
      }
    return out;
  }, [rows]);

  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="translation-counts">
        <Badge variant="light" color="gray" c="dark.8" size="lg">
          {t('Translations.aantal_sleutels', { count: rows.length })}
        </Badge>
        {locales.map((l) => {
          const c = counts[l];
          return (
            <Badge key={l} variant="outline" color="gray" c="dark.8" size="lg" tt="none">
              {t(`talen.${l}`)}: {t('Translations.telling', { missing: c.missing, changed: c.changed })}
            </Badge>
          );
        })}
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('Translations.zoeken')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          type="search"
          w={{ base: '100%', sm: 360 }}
          data-testid="translation-search"
        />
        <SegmentedControl
          aria-label={t('Translations.tonen')}
          value={show}
          onChange={(v) => {
            setShow(v as typeof show);
            setPage(1);
          }}
          data={[
            { value: 'all', label: t('shared.alle') },
            { value: 'missing', label: t('Translations.ontbrekend') },
            { value: 'changed', label: t('Translations.aangepast_kort') },
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('Translations.aantal_getoond', { count: shown.length })}
      </Text>
      {shown.length === 0 ? (
        <EmptyView title={t('Translations.geen_resultaten')} />
      ) : (
        <Stack gap="xs">
          {onPage.map((r) => (
            <KeyRow key={r.key} row={r} onEdit={setEditing} />
          ))}
        </Stack>
      )}
      <ListPager page={page} total={shown.length} pageSize={PAGE_SIZE} onChange={setPage} />
      {editRow && <EditDialog row={editRow} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
