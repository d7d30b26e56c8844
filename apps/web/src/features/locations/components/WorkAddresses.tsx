import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type WorkAddressInput, workAddressInput } from '@mp/contract/api/locations';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { useWorkAddresses, type WorkAddress } from '../../../shared/api/get-work-addresses';
import { serverFieldErrors, zodValidate } from '../../../shared/lib/form-errors';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { Msg } from '../../../shared/ui/Msg';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useDeleteWorkAddress, useSaveWorkAddress } from '../api/locations';

type Form = {
  code: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  contactPerson: string;
  phone: string;
  isDefault: boolean;
};
const empty: Form = {
  code: '',
  name: '',
  street: '',
  postcode: '',
  city: '',
  contactPerson: '',
  phone: '',
  isDefault: false,
};
const formOf = (a: WorkAddress): Form => ({
  code: a.code,
  name: a.name,
  street: a.street,
  postcode: a.postcode ?? '',
  city: a.city,
  contactPerson: a.contactPerson ?? '',
  phone: a.phone ?? '',
  isDefault: a.isDefault,
});
const validate = zodValidate(workAddressInput);

function AddressForm({
  locationNo,
  editing,
  onDone,
}: {
  locationNo: string;
  editing: WorkAddress | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWorkAddress(locationNo);
  const [v, setV] = useState<Form>(editing ? formOf(editing) : empty);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const input = (): WorkAddressInput => {
    const out: Record<string, unknown> = { isDefault: v.isDefault };
    for (const [k, x] of Object.entries(v)) if (typeof x === 'string' && x.trim()) out[k] = x.trim();
    return out as WorkAddressInput;
  };
  const submit = () => {
    const body = input();
    const problems = validate(body);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: editing?.id ?? null, input: body },
      {
        onSuccess: () => {
          snackbar.success('Locatie.adressen.opgeslagen');
          onDone();
        },
        onError: (e) => {
          const fields = serverFieldErrors(e);
          if (fields) setErrors(fields);
          else setFailure(e);
        },
      },
    );
  };
  const field = (k: Exclude<keyof Form, 'isDefault'>, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={v[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((p) => ({ ...p, [k]: k === 'code' ? value.toUpperCase() : value }));
      }}
      error={errors[k]}
      styles={{ input: { minHeight: 44 } }}
      data-testid={`address-${k}`}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {field('name', t('Locatie.adressen.naam'), true)}
        {field('street', t('Locatie.aanmaken.straat'), true)}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('postcode', t('Locatie.aanmaken.postcode'))}
          {field('city', t('Locatie.aanmaken.plaats'), true)}
          {field('contactPerson', t('Locatie.adressen.contactpersoon'))}
          {field('phone', t('Locatie.adressen.telefoon'))}
        </SimpleGrid>
        {field('code', t('Locatie.adressen.code'))}
        <Checkbox
          label={t('Locatie.adressen.standaard')}
          checked={v.isDefault}
          onChange={(e) => {
            const isDefault = e.currentTarget.checked;
            setV((p) => ({ ...p, isDefault }));
          }}
        />
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            <Msg
              k={(failure as { code?: string }).code ?? 'error.algemene_error'}
              fallback={(failure as Error).message}
            />
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onDone}>
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" mih={44} loading={save.isPending} data-testid="address-save">
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The selected location's work addresses (the wizards' delivery and pick-up addresses), with add / edit / delete. */
export function WorkAddresses({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const access = useSelectedLocationAccess();
  const addresses = useWorkAddresses(locationNo);
  const remove = useDeleteWorkAddress(locationNo);
  const [editing, setEditing] = useState<WorkAddress | 'new' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const own = addresses.data?.filter((a) => a.kind === 'work_address') ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="work-addresses">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('Locatie.adressen.titel')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant="light"
          mih={44}
          disabled={!access.canWrite}
          title={access.readOnlyKey ? t(access.readOnlyKey) : undefined}
          onClick={() => setEditing('new')}
          data-testid="address-add"
        >
          {t('Locatie.adressen.toevoegen')}
        </Button>
      </Group>
      {!access.canWrite && access.readOnlyKey && (
        <Text size="sm" c="dimmed" mb="xs">
          {t(access.readOnlyKey)}
        </Text>
      )}
      {addresses.isPending ? (
        <LoadingBlock />
      ) : addresses.isError ? (
        <ErrorView error={addresses.error} onRetry={() => void addresses.refetch()} />
      ) : own.length === 0 ? (
        <Text c="dimmed">{t('Locatie.adressen.geen')}</Text>
      ) : (
        <Stack gap="xs">
          {own.map((a) => (
            <Group
              key={a.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="address-row"
            >
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Group gap={6}>
                  <Text fw={600}>{a.name}</Text>
                  <Text size="sm" c="dimmed">
                    {a.code}
                  </Text>
                  {a.isDefault && <Badge variant="light">{t('Locatie.adressen.standaard_kort')}</Badge>}
                </Group>
                <Text size="sm">
                  {a.street}, {[a.postcode, a.city].filter(Boolean).join(' ')}
                </Text>
                {(a.contactPerson || a.phone) && (
                  <Text size="sm" c="dimmed">
                    {[a.contactPerson, a.phone].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size={44}
                  aria-label={t('shared.bewerken')}
                  disabled={!access.canWrite}
                  onClick={() => setEditing(a)}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={t('shared.verwijderen')}
                  disabled={!access.canWrite}
                  loading={remove.isPending && remove.variables === a.id}
                  onClick={() => {
                    setFailure(null);
                    remove.mutate(a.id, {
                      onSuccess: () => snackbar.success('Locatie.adressen.verwijderd'),
                      onError: setFailure,
                    });
                  }}
                  data-testid="address-delete"
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" mt="sm" data-testid="address-error">
          <Msg
            k={(failure as { code?: string }).code ?? 'error.algemene_error'}
            fallback={(failure as Error).message}
          />
        </Alert>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
        title={editing === 'new' ? t('Locatie.adressen.toevoegen') : t('Locatie.adressen.bewerken')}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            locationNo={locationNo}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}
