import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { LocationDetails } from '@mp/contract/api/locations';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepots } from '../../../shared/api/get-depots';
import { useSettings } from '../../../shared/api/get-settings';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useLocationDetails, useManagedUsers, useSaveLocationFacts, useSetMember } from '../api/locations';

/*
 * The location data page's own parts (issue #14 part 4, decision 0023): the facts (changed by whoever may write
 * there), the traffic light of the stock's rental days, the members (managed by an admin or the customer's key user)
 * and, with Locatie_ToonDepots, the depots deliveries come from and removals go to.
 */

const levelColor = { safe: 'green', warning: 'yellow', danger: 'red' } as const;
const levelKey = {
  safe: 'Locatie.indicator.veilig',
  warning: 'Locatie.indicator.waarschuwing',
  danger: 'Locatie.indicator.gevaar',
} as const;

function Indicator({ indicator }: { indicator: LocationDetails['indicator'] }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid="location-indicator">
      <Badge size="lg" variant="light" color={levelColor[indicator.level]} c="dark.8">
        {t(levelKey[indicator.level])}
      </Badge>
      <Text size="sm">
        {indicator.hasStock
          ? t('Locatie.indicator.dagen', { count: indicator.days })
          : t('Locatie.indicator.geen_materieel')}{' '}
        ·{' '}
        <Text span size="sm" c="dimmed">
          {t('Locatie.indicator.uitleg', { warning: indicator.warning, danger: indicator.danger })}
        </Text>
      </Text>
    </Group>
  );
}

function FactsForm({ d, onDone }: { d: LocationDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLocationFacts(d.locationNo);
  const [v, setV] = useState({
    description: d.description,
    description2: d.description2 ?? '',
    projectNumber: d.projectNumber ?? '',
    startDate: d.startDate,
    endDate: d.endDate,
  });
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const submit = () => {
    const local: Record<string, ReactNode> = {};
    if (!v.description.trim()) local.description = errorNode({ key: 'validation.verplicht' });
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      local.endDate = errorNode({ key: 'validation.einde_na_begin' });
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      {
        description: v.description.trim(),
        description2: v.description2.trim() || null,
        projectNumber: v.projectNumber.trim() || null,
        startDate: v.startDate,
        endDate: v.endDate,
      },
      {
        onSuccess: () => {
          snackbar.success('Locatie.feiten.opgeslagen');
          onDone();
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
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="location-facts-form"
    >
      <DatesLocale>
        <Stack gap="sm">
          <TextInput
            label={t('Locatie.omschrijving')}
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.currentTarget.value })}
            error={errors.description}
            required
            maxLength={100}
          />
          <TextInput
            label={t('Locatie.omschrijving2')}
            value={v.description2}
            onChange={(e) => setV({ ...v, description2: e.currentTarget.value })}
            maxLength={100}
          />
          <TextInput
            label={t('Locatie.projectnummer')}
            value={v.projectNumber}
            onChange={(e) => setV({ ...v, projectNumber: e.currentTarget.value })}
            maxLength={50}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label={t('Locatie.feiten.startdatum')}
              value={v.startDate}
              onChange={(x) => setV({ ...v, startDate: x })}
              clearable
              testId="facts-start"
            />
            <DateField
              label={t('Locatie.feiten.einddatum')}
              value={v.endDate}
              onChange={(x) => setV({ ...v, endDate: x })}
              minDate={v.startDate ?? undefined}
              error={errors.endDate}
              clearable
              testId="facts-end"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('shared.annuleren')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="facts-save">
              {t('shared.opslaan')}
            </Button>
          </Group>
        </Stack>
      </DatesLocale>
    </form>
  );
}

function Facts({ d }: { d: LocationDetails }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const rows: [string, string][] = [
    [t('Locatie.nummer'), d.locationNo],
    [t('Locatie.omschrijving'), d.description],
    [t('Locatie.omschrijving2'), d.description2 ?? '–'],
    [t('Locatie.projectnummer'), d.projectNumber ?? '–'],
    [t('Locatie.feiten.startdatum'), d.startDate ? format.day(d.startDate) : '–'],
    [t('Locatie.feiten.einddatum'), d.endDate ? format.day(d.endDate) : '–'],
    [t('Gebruikers.klant'), d.customerName],
  ];
  return (
    <Paper withBorder radius="md" p="md" data-testid="location-facts">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('Locatie.feiten.titel')}
        </Title>
        {!editing && (
          <Button
            variant="light"
            mih={44}
            leftSection={<IconPencil size={16} aria-hidden />}
            disabled={!d.canEdit}
            title={d.canEdit ? undefined : t('Locatie.feiten.alleen_lezen')}
            onClick={() => setEditing(true)}
            data-testid="facts-edit"
          >
            {t('shared.bewerken')}
          </Button>
        )}
      </Group>
      {!d.canEdit && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('Locatie.feiten.alleen_lezen')}
        </Text>
      )}
      <Stack gap="md">
        <Indicator indicator={d.indicator} />
        {editing ? (
          <FactsForm d={d} onDone={() => setEditing(false)} />
        ) : (
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={{ base: 130, sm: 200 }}>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function AddMember({ d }: { d: LocationDetails }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useManagedUsers(debounced, true);
  const setMember = useSetMember(d.locationNo);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<'user' | 'administration'>('user');
  const members = new Set(d.members.map((m) => m.userId));
  const options = (users.data?.items ?? [])
    .filter((u) => !members.has(u.id) && !u.isAdmin)
    .map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="member-add">
      <Select
        label={t('Locatie.leden.toevoegen')}
        placeholder={t('Locatie.leden.zoek_gebruiker')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={userId}
        onChange={setUserId}
        nothingFoundMessage={t('shared.geen_resultaten')}
        filter={({ options: o }) => o}
        w={{ base: '100%', sm: 320 }}
        data-testid="member-user"
      />
      <Select
        label={t('Locatie.rol')}
        data={[
          { value: 'user', label: t('Gebruikers.rollen.gebruiker') },
          { value: 'administration', label: t('Locatie.rollen.administration') },
        ]}
        value={role}
        onChange={(v) => v && setRole(v as typeof role)}
        allowDeselect={false}
        w={200}
      />
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        mih={36}
        disabled={!userId}
        loading={setMember.isPending}
        onClick={() =>
          userId &&
          setMember.mutate(
            { userId, role },
            {
              onSuccess: () => {
                snackbar.success('Locatie.leden.toegevoegd');
                setUserId(null);
                setSearch('');
              },
              onError: (e) => snackbar.error(e),
            },
          )
        }
        data-testid="member-add-button"
      >
        {t('shared.toevoegen')}
      </Button>
    </Group>
  );
}

function Members({ d }: { d: LocationDetails }) {
  const { t } = useTranslation();
  const setMember = useSetMember(d.locationNo);
  const [removing, setRemoving] = useState<LocationDetails['members'][number] | null>(null);
  const roleLabel = (r: 'user' | 'administration') =>
    r === 'administration' ? t('Locatie.rollen.administration') : t('Gebruikers.rollen.gebruiker');
  return (
    <Paper withBorder radius="md" p="md" data-testid="location-members">
      <Title order={2} size="h5" mb="sm">
        {t('Locatie.leden.titel')}
      </Title>
      <Stack gap="md">
        {d.canManageMembers && <AddMember d={d} />}
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shared.naam')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('shared.email')}</Table.Th>
              <Table.Th>{t('Locatie.rol')}</Table.Th>
              {d.canManageMembers && (
                <Table.Th>
                  <VisuallyHidden>{t('shared.acties')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.members.map((m) => (
              <Table.Tr key={m.userId} data-testid="member-row">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.name}</Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Table.Td>
                <Table.Td>
                  {m.manageable ? (
                    <Select
                      aria-label={`${t('Locatie.rol')}: ${m.name}`}
                      data={[
                        { value: 'user', label: roleLabel('user') },
                        { value: 'administration', label: roleLabel('administration') },
                      ]}
                      value={m.role}
                      onChange={(v) =>
                        v &&
                        setMember.mutate(
                          { userId: m.userId, role: v as typeof m.role },
                          {
                            onSuccess: () => snackbar.success('Locatie.leden.gewijzigd'),
                            onError: (e) => snackbar.error(e),
                          },
                        )
                      }
                      allowDeselect={false}
                      size="xs"
                      maw={180}
                    />
                  ) : (
                    roleLabel(m.role)
                  )}
                </Table.Td>
                {d.canManageMembers && (
                  <Table.Td>
                    {m.manageable && (
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`${t('Locatie.leden.verwijderen')}: ${m.name}`}
                        onClick={() => setRemoving(m)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('Locatie.leden.verwijderen_vraag', { name: removing?.name ?? '' })}
        confirmLabel={t('Locatie.leden.verwijderen')}
        action={() => setMember.mutateAsync({ userId: removing?.userId ?? '', role: null })}
        successKey="Locatie.leden.verwijderd"
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

function Depots() {
  const { t } = useTranslation();
  const order = useDepots('order');
  const removal = useDepots('removal');
  if (order.isPending || removal.isPending) return <LoadingBlock />;
  if (order.isError) return <ErrorView error={order.error} onRetry={() => void order.refetch()} />;
  const removalNos = new Set((removal.data?.depots ?? []).map((d) => d.depotNo));
  return (
    <Paper withBorder radius="md" p="md" data-testid="location-depots">
      <Title order={2} size="h5" mb="sm">
        {t('Locatie.depots')}
      </Title>
      <Stack gap="xs">
        {(order.data?.depots ?? []).map((d) => (
          <Group key={d.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{d.name}</Text>
              <Text size="sm" c="dimmed">
                {[d.street, [d.postcode, d.city].filter(Boolean).join(' '), d.phone]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Group gap={4}>
              <Badge variant="light" c="dark.8">
                {t('Locatie.depot_aanvoer')}
              </Badge>
              {removalNos.has(d.depotNo) && (
                <Badge variant="light" color="gray" c="dark.8">
                  {t('Locatie.depot_afvoer')}
                </Badge>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** The facts, members and (with Locatie_ToonDepots) depots of the selected location. */
export function LocationData({ locationNo }: { locationNo: string }) {
  const details = useLocationDetails(locationNo);
  const settings = useSettings();
  if (details.isPending) return <LoadingBlock />;
  if (details.isError) return <ErrorView error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <>
      <Facts d={details.data} />
      <Members d={details.data} />
      {settings.bool('Locatie_ToonDepots') && <Depots />}
    </>
  );
}
