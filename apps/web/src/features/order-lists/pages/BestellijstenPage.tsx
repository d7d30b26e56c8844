import { ActionIcon, Alert, Anchor, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { OrderListSummary } from '@mp/contract/api/order-lists';
import { IconCheck, IconDots, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useTargetOrderList } from '../../../shared/api/order-lists/get-order-lists';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { setActiveOrderList } from '../../../shared/session/active-order-list';
import { selectedLocationStore } from '../../../shared/session/location';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { NameModal } from '../../../shared/ui/NameModal';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useCreateOrderList } from '../api/create-order-list';
import { useDeleteOrderList } from '../api/delete-order-list';
import { useRenameOrderList } from '../api/rename-order-list';

/** Bestellijsten (Bestellen_EnableMeerdereBestellijsten): create, rename, delete and switch order lists. */
export function BestellijstenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const location = useStore(selectedLocationStore);
  const { list: active, query } = useTargetOrderList();
  const create = useCreateOrderList();
  const rename = useRenameOrderList();
  const remove = useDeleteOrderList();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<OrderListSummary | null>(null);
  const [deleting, setDeleting] = useState<OrderListSummary | null>(null);

  let body: React.ReactNode;
  if (!location) body = <LocationPrompt />;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError) body = <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data.multipleLists)
    body = (
      <Alert color="gray" variant="light">
        {t('error.meerdere_bestellijsten_uit')}{' '}
        <Anchor component={Link} to={paths.bestellijst.to()}>
          {t('Bestellijst.titel')}
        </Anchor>
      </Alert>
    );
  else
    body = (
      <Stack gap="sm">
        {query.data.orderLists.length === 0 && <EmptyView title={t('Bestellijst.geen_lijsten')} />}
        {query.data.orderLists.map((l) => (
          <Card key={l.id} withBorder radius="md" padding="sm" data-testid="order-list-card">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {l.name}
                  </Text>
                  {l.id === active?.id && (
                    <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                      {t('Bestellijst.actieve_lijst')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t('Bestellijst.aantal_regels', { count: l.lineCount })} ·{' '}
                  {t('shared.laatst_bijgewerkt', { date: format.dateTime(l.updatedAt) })}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant={l.id === active?.id ? 'filled' : 'light'}
                  mih={44}
                  onClick={() => {
                    setActiveOrderList(location.locationNo, l.id);
                    navigate(paths.bestellijst.to());
                  }}
                >
                  {t('Bestellijst.openen')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={44}
                      aria-label={`${t('shared.acties')}: ${l.name}`}
                    >
                      <IconDots size={20} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconEdit size={16} aria-hidden />}
                      onClick={() => setRenaming(l)}
                      mih={40}
                    >
                      {t('Bestellijst.lijst_hernoemen')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setDeleting(l)}
                      mih={40}
                    >
                      {t('Bestellijst.lijst_verwijderen')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader
        actions={
          location && query.data?.multipleLists ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setCreating(true)}
              mih={44}
            >
              {t('Bestellijst.nieuwe_lijst')}
            </Button>
          ) : undefined
        }
      />
      {body}
      {location && creating && (
        <NameModal
          label={t('Bestellijst.lijst_naam')}
          title={t('Bestellijst.nieuwe_lijst')}
          initial=""
          onSave={async (name) => {
            const list = await create.mutateAsync({ locationNo: location.locationNo, name });
            setActiveOrderList(location.locationNo, list.id);
          }}
          successKey="Bestellijst.lijst_aangemaakt"
          onClose={() => setCreating(false)}
        />
      )}
      {location && renaming && (
        <NameModal
          label={t('Bestellijst.lijst_naam')}
          title={t('Bestellijst.lijst_hernoemen')}
          initial={renaming.name}
          onSave={(name) => rename.mutateAsync({ locationNo: location.locationNo, id: renaming.id, name })}
          successKey="info.opgeslagen"
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('Bestellijst.lijst_verwijderen')}
        message={deleting ? t('Bestellijst.lijst_verwijderen_bevestigen', { name: deleting.name }) : null}
        confirmLabel={t('shared.verwijderen')}
        action={async () => {
          if (location && deleting)
            await remove.mutateAsync({ locationNo: location.locationNo, id: deleting.id });
        }}
        successKey="Bestellijst.lijst_verwijderd"
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
