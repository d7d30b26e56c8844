import { Button } from '@mantine/core';
import { IconCheck, IconHeart, IconPlus } from '@tabler/icons-react';
import { cloneElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useAddFavouriteItems } from '../../../shared/api/favourite-lists/add-favourite-items';
import { useCreateFavouriteList } from '../../../shared/api/favourite-lists/create-favourite-list';
import { useFavouriteLists } from '../../../shared/api/favourite-lists/get-favourite-lists';
import { laterPart, loadOnIntent, useLaterPart } from '../../../shared/lib/later-part';
import { dropdownsPart } from '../../../shared/ui/dropdowns/part';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import type { NewFavouriteListModalProps } from './NewFavouriteListModal';

/** The new list's dialog (Modal), loaded when it is first shown. */
const newListModalPart = laterPart(() => import('./NewFavouriteListModal'));

function NewListModal(props: NewFavouriteListModalProps) {
  const Modal = useLaterPart(newListModalPart, 'now')?.NewFavouriteListModal;
  return Modal ? <Modal {...props} /> : null;
}

/**
 * Details: put the item on one of the user's favourite lists, or on a new one. The menu (Mantine's Menu, Popover,
 * Floating UI: shared/ui/dropdowns) loads after the page's first paint; a tap before it arrives opens it then.
 */
export function AddToFavourites({ itemNo }: { itemNo: string }) {
  const { t } = useTranslation();
  const Menu = useLaterPart(dropdownsPart)?.Menu;
  const [menuOpen, setMenuOpen] = useState(false);
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

  const button = (
    <Button
      variant="default"
      leftSection={<IconHeart size={18} aria-hidden />}
      loading={add.isPending}
      mih={44}
      data-testid="add-to-favourites"
    >
      {t('Details.toevoegen_favorieten')}
    </Button>
  );

  return (
    <>
      {Menu ? (
        <Menu position="bottom-start" withinPortal opened={menuOpen} onChange={setMenuOpen}>
          <Menu.Target>{button}</Menu.Target>
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
      ) : (
        cloneElement(button, {
          ...loadOnIntent(dropdownsPart),
          onClick: () => {
            setMenuOpen(true);
            void dropdownsPart.load().catch(() => setMenuOpen(false));
          },
        })
      )}
      {naming && (
        <NewListModal
          name={name}
          error={nameError}
          pending={create.isPending || add.isPending}
          onName={(value) => {
            setName(value);
            setNameError(null);
          }}
          onSubmit={() => void createAndAdd()}
          onClose={() => setNaming(false)}
        />
      )}
    </>
  );
}
