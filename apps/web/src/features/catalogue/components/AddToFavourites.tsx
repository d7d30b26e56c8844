import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconHeart, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useAddFavouriteItems } from '../../../shared/api/favourite-lists/add-favourite-items';
import { useCreateFavouriteList } from '../../../shared/api/favourite-lists/create-favourite-list';
import { useFavouriteLists } from '../../../shared/api/favourite-lists/get-favourite-lists';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';

/** Details: put the item on one of the user's favourite lists, or on a new one. */
export function AddToFavourites({ itemNo }: { itemNo: string }) {
  const { t } = useTranslation();
  const lists = useFavouriteLists();
  const add = useAddFavouriteItems();
  const create = useCreateFavouriteList();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  async function addTo(listId: string, listName: string) {
    try {
      await add.mutateAsync({ listId, itemNos: [itemNo] });
      snackbar.success('Favorieten.toegevoegd', { name: listName });
    } catch (e) {
      snackbar.error(e);
    }
  }

  async function createAndAdd() {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('validation.verplicht'));
      return;
    }
    try {
      const list = await create.mutateAsync(trimmed);
      setNaming(false);
      setName('');
      await addTo(list.id, list.name);
    } catch (e) {
      if (isApiError(e)) setNameError(t(e.code, { max: 100 }));
      else snackbar.error(e);
    }
  }

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconHeart size={18} aria-hidden />}
            loading={add.isPending}
            mih={44}
            data-testid="add-to-favourites"
          >
            {t('Details.toevoegen_favorieten')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(lists.data ?? []).map((l) => {
            const already = l.items.some((i) => i.itemNo === itemNo);
            return (
              <Menu.Item
                key={l.id}
                onClick={() => void addTo(l.id, l.name)}
                disabled={already}
                rightSection={
                  already ? <IconCheck size={14} aria-label={t('Favorieten.al_in_lijst')} /> : undefined
                }
                mih={40}
              >
                {l.name}
              </Menu.Item>
            );
          })}
          {(lists.data?.length ?? 0) > 0 && <Menu.Divider />}
          <Menu.Item
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setNaming(true)}
            mih={40}
          >
            {t('Favorieten.nieuwe_lijst')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={naming}
        onClose={() => setNaming(false)}
        title={t('Favorieten.nieuwe_lijst')}
        centered
        closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void createAndAdd();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('Favorieten.lijst_naam')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
              maxLength={100}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)} mih={44}>
                {t('shared.annuleren')}
              </Button>
              <Button type="submit" loading={create.isPending || add.isPending} mih={44}>
                {t('shared.toevoegen')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
