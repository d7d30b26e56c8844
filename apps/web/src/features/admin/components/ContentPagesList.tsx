import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ContentPageOverviewItem } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { IconExternalLink, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type PageKind, useCreateContentPage, useDeleteContentPage } from '../api/content-pages';

/*
 * Content pages (issue #15 part 2): every page with its kind, publication, last change and the four languages
 * (a filled badge: a text exists; an outlined one: not translated yet). Each language badge opens the editor.
 */

const kinds: PageKind[] = ['page', 'info', 'news'];
const shortLocale = (l: Locale) => l.slice(0, 2).toUpperCase();

function NewPageDialog({ defaultLocale, onClose }: { defaultLocale: Locale; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateContentPage();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<PageKind>('page');
  const [locale, setLocale] = useState<Locale>(defaultLocale);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});

  const submit = () => {
    if (!name.trim()) {
      setErrors({ pageName: errorNode({ key: 'validation.verplicht' }) });
      return;
    }
    create.mutate(
      { pageName: name.trim(), kind, locale },
      {
        onSuccess: (page) => {
          snackbar.success('content_paginas.aangemaakt');
          onClose();
          void navigate(paths.contentPaginaBeheer.to(page.id, locale));
        },
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) setErrors(fields);
          snackbar.error(e);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('content_paginas.nieuwe_pagina')}
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('content_paginas.nieuw_uitleg')}
          </Text>
          <TextInput
            label={t('content_paginas.paginanaam')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.pageName}
            maxLength={200}
            required
            data-autofocus
            data-testid="page-new-name"
          />
          <Select
            label={t('content_paginas.soort')}
            data={kinds.map((k) => ({ value: k, label: t(`content_paginas.soorten.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as PageKind)}
            allowDeselect={false}
            error={errors.kind}
            data-testid="page-new-kind"
          />
          <Select
            label={t('shared.taal')}
            data={locales.map((l) => ({ value: l, label: t(`talen.${l}`) }))}
            value={locale}
            onChange={(v) => v && setLocale(v as Locale)}
            allowDeselect={false}
            error={errors.locale}
            data-testid="page-new-locale"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('shared.annuleren')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="page-new-save">
              {t('content_paginas.aanmaken')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Every word of the search must occur in one of the page's names (Dutch name or a translated title). */
function matches(page: ContentPageOverviewItem, search: string): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [page.pageName, ...page.translations.map((tr) => tr.title)].join(' ').toLocaleLowerCase();
  return words.every((w) => text.includes(w));
}

export function ContentPagesList({ pages, locale }: { pages: ContentPageOverviewItem[]; locale: Locale }) {
  const { t } = useTranslation();
  const format = useFormat();
  const remove = useDeleteContentPage();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ContentPageOverviewItem | null>(null);
  const shown = pages.filter((p) => matches(p, search));

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('content_paginas.intro')}</Text>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('content_paginas.zoeken')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          data-testid="pages-search"
        />
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          data-testid="page-new"
        >
          {t('content_paginas.nieuwe_pagina')}
        </Button>
      </Group>
      {pages.length === 0 ? (
        <EmptyView title={t('content_paginas.geen')} />
      ) : shown.length === 0 ? (
        <EmptyView title={t('shared.geen_resultaten')} />
      ) : (
        <Stack gap="xs">
          {shown.map((p) => {
            const has = new Set(p.translations.map((tr) => tr.locale));
            const first = has.has('nl-NL') ? 'nl-NL' : (p.translations[0]?.locale ?? 'nl-NL');
            return (
              <Paper key={p.id} withBorder radius="md" p="sm" data-testid="page-row">
                <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                  <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
                    <Anchor
                      component={Link}
                      to={paths.contentPaginaBeheer.to(p.id, first)}
                      fw={600}
                      aria-label={t('content_paginas.pagina_bewerken', { name: p.pageName })}
                    >
                      {p.pageName}
                    </Anchor>
                    <Group gap="xs">
                      <Badge variant="light" color="gray" c="dark.8" tt="none">
                        {t(`content_paginas.soorten.${p.kind}`)}
                      </Badge>
                      <Badge variant="light" color={p.publishedAt ? 'green' : 'yellow'} c="dark.8" tt="none">
                        {p.publishedAt ? t('content_paginas.gepubliceerd') : t('content_paginas.concept')}
                      </Badge>
                      <Text size="sm" c="dimmed">
                        {t('content_paginas.gewijzigd_op', { date: format.dateTime(p.updatedAt) })}
                      </Text>
                    </Group>
                    <Group gap={6} aria-label={t('content_paginas.talen')} role="group">
                      {locales.map((l) => (
                        <Badge
                          key={l}
                          component={Link}
                          to={paths.contentPaginaBeheer.to(p.id, l)}
                          variant={has.has(l) ? 'light' : 'outline'}
                          color={has.has(l) ? 'brand' : 'gray'}
                          c="dark.8"
                          style={{ cursor: 'pointer', borderStyle: has.has(l) ? undefined : 'dashed' }}
                          aria-label={t(
                            has.has(l) ? 'content_paginas.taal_aanwezig' : 'content_paginas.taal_afwezig',
                            {
                              taal: t(`talen.${l}`),
                            },
                          )}
                          data-testid={`page-locale-${l}`}
                          data-present={has.has(l)}
                        >
                          {shortLocale(l)}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      component={Link}
                      to={paths.contentPage.to(p.id, has.has(locale) ? locale : first)}
                      variant="subtle"
                      size="lg"
                      aria-label={t('content_paginas.pagina_openen', { name: p.pageName })}
                    >
                      <IconExternalLink size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      aria-label={t('content_paginas.pagina_verwijderen', { name: p.pageName })}
                      onClick={() => setDeleting(p)}
                      data-testid="page-delete"
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {creating && <NewPageDialog defaultLocale={locale} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('content_paginas.verwijderen_bevestigen', { name: deleting?.pageName ?? '' })}
        message={t('shared.kan_niet_ongedaan')}
        confirmLabel={t('shared.verwijderen')}
        action={() => remove.mutateAsync(deleting?.id ?? '')}
        successKey="content_paginas.verwijderd"
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
