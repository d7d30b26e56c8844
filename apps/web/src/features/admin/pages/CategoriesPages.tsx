import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { type Category, EMPTY_GUID } from '@mp/contract/api/catalogue';
import { IconPhoto, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useCategories } from '../../../shared/api/get-categories';
import { paths } from '../../../shared/lib/paths';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useDeleteCategory, useRemoveCategoryImage, useSetCategoryImage } from '../api/categories';
import { imageAccept, imageFileProblem } from '../api/image-file';
import { AdminGate } from './AdminGate';

/*
 * Categories (issue #15 part 5, decision 0024): the tree with each category's image (upload: PNG, JPEG, WebP or GIF up
 * to 10 MB, checked here and by the server; remove) and the way to delete one. Deleting takes an empty category only,
 * or first moves its items and subcategories to another one (not itself or one below it).
 */

/** Depth of each category in the tree (the list comes depth first). */
function depths(list: Category[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of list) out.set(c.id, c.parent === EMPTY_GUID ? 0 : (out.get(c.parent) ?? -1) + 1);
  return out;
}

/** The category and every one below it. */
function subtree(list: Category[], id: string): Set<string> {
  const out = new Set([id]);
  for (const c of list) if (out.has(c.parent)) out.add(c.id);
  return out;
}

const deleteLink = (id: string) => `${paths.categorieVerwijderen.to()}?categorie=${encodeURIComponent(id)}`;

export function CategoriesPage() {
  return (
    <AreaPage>
      <AdminGate>
        <CategoriesBody />
      </AdminGate>
    </AreaPage>
  );
}

function CategoriesBody() {
  const { t } = useTranslation();
  const query = useCategories();
  const [search, setSearch] = useState('');
  const list = query.data ?? [];
  const depth = useMemo(() => depths(list), [list]);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const term = search.trim().toLowerCase();
  const shown = term
    ? list.filter((c) => c.name.toLowerCase().includes(term) || c.code.toLowerCase().includes(term))
    : list;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('categorieen.intro')}</Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('categorieen.zoeken')}
          placeholder={t('categorieen.zoeken')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-testid="category-search"
        />
        <Anchor component={Link} to={paths.categorieVerwijderen.to()}>
          {t('routes.CategorieVerwijderen')}
        </Anchor>
      </Group>
      {shown.length === 0 ? (
        <EmptyView title={t('shared.geen_resultaten')} />
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((c) => (
            <CategoryRow key={c.id} category={c} depth={term ? 0 : (depth.get(c.id) ?? 0)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CategoryRow({ category: c, depth }: { category: Category; depth: number }) {
  const { t, i18n } = useTranslation();
  const setImage = useSetCategoryImage();
  const removeImage = useRemoveCategoryImage();
  const [confirmRemove, setConfirmRemove] = useState(false);

  const upload = (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file, i18n.language);
    if (problem) return snackbar.danger(problem.key, problem.params);
    setImage.mutate(
      { id: c.id, file },
      {
        onSuccess: () => snackbar.success('categorieen.afbeelding_opgeslagen'),
        onError: (e) => snackbar.error(e),
      },
    );
  };

  return (
    <li data-testid="category-row" data-code={c.code}>
      <Paper withBorder radius="md" p="xs" ml={{ base: Math.min(depth, 3) * 12, sm: depth * 24 }}>
        <Group gap="sm" wrap="nowrap" align="center">
          {c.imageUrl ? (
            <ImagePreview
              src={c.imageUrl}
              alt={t('categorieen.afbeelding_van', { name: c.name })}
              width={64}
              height={48}
            />
          ) : (
            <ThemeIcon variant="light" color="gray" size={48} aria-hidden>
              <IconPhoto size={24} />
            </ThemeIcon>
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate>
              {c.name}
            </Text>
            <Text size="sm" c="dimmed">
              {c.code} · {t('categorieen.aantallen', { direct: c.itemCount, total: c.totalItemCount })}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" mt="xs" wrap="wrap">
          <FileButton onChange={upload} accept={imageAccept}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={setImage.isPending}
                aria-label={t('categorieen.afbeelding_kiezen_voor', { name: c.name })}
                data-testid="category-upload"
              >
                {c.imageUrl ? t('categorieen.afbeelding_wijzigen') : t('categorieen.afbeelding_kiezen')}
              </Button>
            )}
          </FileButton>
          {c.imageUrl && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirmRemove(true)}
              aria-label={t('categorieen.afbeelding_verwijderen_voor', { name: c.name })}
              data-testid="category-image-remove"
            >
              {t('categorieen.afbeelding_verwijderen')}
            </Button>
          )}
          <Button
            component={Link}
            to={deleteLink(c.id)}
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            aria-label={t('categorieen.verwijderen_voor', { name: c.name })}
            data-testid="category-delete"
          >
            {t('shared.verwijderen')}
          </Button>
        </Group>
      </Paper>
      <ConfirmDialog
        opened={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={t('categorieen.afbeelding_verwijderen')}
        message={t('categorieen.afbeelding_verwijderen_vraag', { name: c.name })}
        confirmLabel={t('categorieen.afbeelding_verwijderen')}
        action={() => removeImage.mutateAsync(c.id)}
        successKey="categorieen.afbeelding_verwijderd"
      />
    </li>
  );
}

export function CategoryDeletePage() {
  return (
    <AreaPage>
      <AdminGate>
        <CategoryDeleteBody />
      </AdminGate>
    </AreaPage>
  );
}

function CategoryDeleteBody() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useCategories();
  const remove = useDeleteCategory();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [refusal, setRefusal] = useState<{ items: number; categories: number } | null>(null);
  const list = query.data ?? [];
  const id = params.get('categorie');
  const chosen = list.find((c) => c.id === id) ?? null;
  const depth = useMemo(() => depths(list), [list]);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;

  const label = (c: Category) => `${'– '.repeat(depth.get(c.id) ?? 0)}${c.name} (${c.code})`;
  const children = chosen ? list.filter((c) => c.parent === chosen.id).length : 0;
  const excluded = chosen ? subtree(list, chosen.id) : new Set<string>();
  const holds = chosen ? chosen.itemCount > 0 || children > 0 || refusal !== null : false;

  const run = async () => {
    if (!chosen) return;
    try {
      const r = await remove.mutateAsync({ id: chosen.id, moveTo: holds ? moveTo : null });
      snackbar.success('categorieen.verwijderd', {
        name: chosen.name,
        items: r?.movedItems ?? 0,
        categories: r?.movedCategories ?? 0,
      });
      navigate(paths.categories.to());
    } catch (e) {
      // the browser's counts leave out hidden items: the server's refusal has the real ones
      if (!isApiError(e) || e.code !== 'categorieen.niet_leeg') throw e;
      const d = e.details as { itemCount?: number; childCount?: number } | undefined;
      setRefusal({ items: d?.itemCount ?? 0, categories: d?.childCount ?? 0 });
    }
  };

  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed">{t('categorieen.verwijderen_uitleg')}</Text>
      <Select
        label={t('categorieen.welke')}
        placeholder={t('categorieen.kies_categorie')}
        data={list.map((c) => ({ value: c.id, label: label(c) }))}
        value={chosen?.id ?? null}
        onChange={(v) => {
          setParams(v ? { categorie: v } : {}, { replace: true });
          setMoveTo(null);
          setRefusal(null);
        }}
        searchable
        nothingFoundMessage={t('shared.geen_resultaten')}
        data-testid="delete-category"
      />
      {chosen && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            {refusal ? (
              <Alert color="orange" variant="light" data-testid="delete-refusal">
                <Text c="dark.8">{t('categorieen.niet_leeg', refusal)}</Text>
              </Alert>
            ) : (
              <Text data-testid="delete-contents">
                {holds
                  ? t('categorieen.bevat', { items: chosen.itemCount, categories: children })
                  : t('categorieen.leeg', { name: chosen.name })}
              </Text>
            )}
            {holds && (
              <Select
                label={t('categorieen.verplaatsen_naar')}
                description={t('categorieen.verplaatsen_uitleg')}
                placeholder={t('categorieen.kies_categorie')}
                data={list.filter((c) => !excluded.has(c.id)).map((c) => ({ value: c.id, label: label(c) }))}
                value={moveTo}
                onChange={setMoveTo}
                searchable
                required
                nothingFoundMessage={t('shared.geen_resultaten')}
                data-testid="delete-move-to"
              />
            )}
            <Group gap="sm">
              <Button
                color="red.9"
                leftSection={<IconTrash size={18} />}
                disabled={holds && !moveTo}
                onClick={() => setConfirm(true)}
                mih={44}
                data-testid="delete-submit"
              >
                {holds ? t('categorieen.verplaatsen_en_verwijderen') : t('categorieen.verwijderen')}
              </Button>
              <Button component={Link} to={paths.categories.to()} variant="default" mih={44}>
                {t('shared.terug')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={t('categorieen.verwijderen')}
        message={
          holds && moveTo
            ? t('categorieen.verplaatsen_vraag', {
                name: chosen?.name ?? '',
                target: list.find((c) => c.id === moveTo)?.name ?? '',
              })
            : t('categorieen.verwijderen_bevestigen', { name: chosen?.name ?? '' })
        }
        confirmLabel={t('categorieen.verwijderen')}
        action={run}
      />
    </Stack>
  );
}
