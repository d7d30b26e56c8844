import {
  Accordion,
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import type { FavouriteList } from '@mp/contract/api/favourites';
import {
  IconEdit,
  IconHeart,
  IconMapPin,
  IconPlus,
  IconShoppingCartPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCreateFavouriteList } from '../../../shared/api/favourite-lists/create-favourite-list';
import { useFavouriteLists } from '../../../shared/api/favourite-lists/get-favourite-lists';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { toAmount } from '../../../shared/catalogue/selection';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { useOrderListAdder } from '../../../shared/ordering/use-order-list-adder';
import { activeOrderListStore } from '../../../shared/session/active-order-list';
import { selectedLocationStore } from '../../../shared/session/location';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { AmountInput } from '../../../shared/ui/catalogue/AmountInput';
import { PriceLines } from '../../../shared/ui/catalogue/PriceLines';
import { useFormat } from '../../../shared/ui/format';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { NameModal } from '../../../shared/ui/NameModal';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useDeleteFavouriteList } from '../api/delete-favourite-list';
import { useFavouritesToOrderList } from '../api/favourites-to-order-list';
import { useRemoveFavouriteItem } from '../api/remove-favourite-item';
import { useRenameFavouriteList } from '../api/rename-favourite-list';
import { FavouriteSets } from '../components/FavouriteSets';

function ListItems({ list }: { list: FavouriteList }) {
  const { t } = useTranslation();
  const format = useFormat();
  const remove = useRemoveFavouriteItem();
  const adder = useOrderListAdder({
    successKey: 'Favorieten.item_bestellijst',
    errorKey: 'error.algemene_error',
  });
  const [amounts, setAmounts] = useState<Record<string, number | string>>({});
  const [removing, setRemoving] = useState<FavouriteList['items'][number] | null>(null);

  if (list.items.length === 0) return <Text c="dimmed">{t('Favorieten.lijst_leeg')}</Text>;
  return (
    <Stack gap="xs">
      {list.items.map((item) => (
        <Paper key={item.itemNo} withBorder radius="md" p="xs" data-testid="favourite-item">
          <Group wrap="wrap" gap="sm" justify="space-between">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 240px' }}>
              <ImagePreview src={item.imageUrl} alt={item.description} width={64} height={48} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={paths.details.to(item.itemNo)} fw={600} size="sm" c="inherit">
                  {item.description}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.itemNo}
                </Text>
                <PriceLines item={item} format={format} decimals={2} size="xs" />
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <AmountInput
                value={amounts[item.itemNo] ?? 1}
                onChange={(v) => setAmounts((a) => ({ ...a, [item.itemNo]: v }))}
                label={`${t('shared.aantal')}: ${item.description}`}
                hideLabel
                w={72}
              />
              <Tooltip label={t('Details.toevoegen_bestellijst')} withArrow>
                <ActionIcon
                  size={44}
                  variant="light"
                  loading={adder.pending}
                  disabled={Boolean(adder.readOnlyKey)}
                  aria-label={`${t('Details.toevoegen_bestellijst')}: ${item.description}`}
                  onClick={() => {
                    const amount = toAmount(amounts[item.itemNo] ?? 1);
                    void adder.add({ lines: amount ? [{ type: 'item', itemNo: item.itemNo, amount }] : [] });
                  }}
                >
                  <IconShoppingCartPlus size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('shared.verwijderen')} withArrow>
                <ActionIcon
                  size={44}
                  variant="subtle"
                  color="red"
                  aria-label={`${t('shared.verwijderen')}: ${item.description}`}
                  onClick={() => setRemoving(item)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={removing !== null}
        title={t('shared.verwijderen')}
        message={
          removing
            ? t('Favorieten.item_verwijderen_bevestigen', {
                description: removing.description,
                name: list.name,
              })
            : null
        }
        confirmLabel={t('shared.verwijderen')}
        action={async () => {
          if (removing) await remove.mutateAsync({ id: list.id, itemNo: removing.itemNo });
        }}
        successKey="Favorieten.item_verwijderd"
        onClose={() => setRemoving(null)}
      />
      {adder.prompt}
    </Stack>
  );
}

/**
 * Favorieten: named lists of equipment (create, rename, delete), each item or the whole list to the order list;
 * below them the sets the rental company recommends (FavorietenSets).
 */
export function FavorietenPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const activeLists = useStore(activeOrderListStore);
  const query = useFavouriteLists();
  const create = useCreateFavouriteList();
  const rename = useRenameFavouriteList();
  const remove = useDeleteFavouriteList();
  const toOrderList = useFavouritesToOrderList();
  const { readOnlyKey } = useSelectedLocationAccess();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<FavouriteList | null>(null);
  const [deleting, setDeleting] = useState<FavouriteList | null>(null);
  const [open, setOpen] = useState<string[] | null>(null);

  async function allToOrderList(list: FavouriteList) {
    if (!location) {
      snackbar.warning('Bestellijst.kies_locatie');
      return;
    }
    if (list.items.length === 0) {
      snackbar.warning('Favorieten.lijst_leeg');
      return;
    }
    try {
      await toOrderList.mutateAsync({
        id: list.id,
        input: {
          plantLocation: location.locationNo,
          orderListId: activeLists[location.locationNo],
          amount: 1,
        },
      });
      snackbar.success('Favorieten.lijst_bestellijst', { name: list.name });
    } catch (e) {
      snackbar.error(e);
    }
  }

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingBlock />;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <EmptyView title={t('Favorieten.geen_lijsten')} icon={<IconHeart size={28} aria-hidden />}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)} mih={44}>
          {t('Favorieten.nieuwe_lijst')}
        </Button>
      </EmptyView>
    );
  else {
    const lists = query.data;
    body = (
      <Accordion
        multiple
        variant="separated"
        radius="md"
        value={open ?? [lists[0].id]}
        onChange={setOpen}
        chevronPosition="left"
        data-testid="favourite-lists"
      >
        {lists.map((l) => (
          <Accordion.Item key={l.id} value={l.id}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{l.name}</Text>
                <Badge variant="light" color="gray" size="sm">
                  {t('Favorieten.aantal_items', { count: l.itemCount })}
                </Badge>
                {l.locationNo && (
                  <Badge variant="light" size="sm" leftSection={<IconMapPin size={12} aria-hidden />}>
                    {l.locationNo}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Group gap="xs" wrap="wrap">
                  <Button
                    leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                    onClick={() => void allToOrderList(l)}
                    loading={toOrderList.isPending && toOrderList.variables?.id === l.id}
                    disabled={readOnlyKey !== null}
                    mih={44}
                  >
                    {t('Favorieten.alles_bestellijst')}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconEdit size={18} aria-hidden />}
                    onClick={() => setRenaming(l)}
                    mih={44}
                  >
                    {t('Favorieten.lijst_hernoemen')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={() => setDeleting(l)}
                    mih={44}
                  >
                    {t('Favorieten.lijst_verwijderen')}
                  </Button>
                </Group>
                <ReadOnlyReason reasonKey={readOnlyKey} />
                <ListItems list={l} />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <>
      <PageHeader
        actions={
          query.data && query.data.length > 0 ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
              mih={44}
            >
              {t('Favorieten.nieuwe_lijst')}
            </Button>
          ) : undefined
        }
      />
      {body}
      <FavouriteSets />
      {creating && (
        <NameModal
          label={t('Favorieten.lijst_naam')}
          title={t('Favorieten.nieuwe_lijst')}
          initial=""
          onSave={async (name) => {
            const list = await create.mutateAsync(name);
            setOpen((o) => [...(o ?? []), list.id]);
          }}
          successKey="Favorieten.lijst_aangemaakt"
          onClose={() => setCreating(false)}
        />
      )}
      {renaming && (
        <NameModal
          label={t('Favorieten.lijst_naam')}
          title={t('Favorieten.lijst_hernoemen')}
          initial={renaming.name}
          onSave={(name) => rename.mutateAsync({ id: renaming.id, name })}
          successKey="info.opgeslagen"
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('Favorieten.lijst_verwijderen')}
        message={deleting ? t('Favorieten.lijst_verwijderen_bevestigen', { name: deleting.name }) : null}
        confirmLabel={t('shared.verwijderen')}
        action={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
        successKey="Favorieten.lijst_verwijderd"
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
