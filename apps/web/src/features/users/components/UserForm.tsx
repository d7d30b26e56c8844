import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { locales } from '@mp/contract/i18n';
import { functionalAreas, namedRoles } from '@mp/contract/permissions';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useCustomers } from '../../../shared/api/get-customers';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { ReadOnlyReason } from '../../../shared/ui/ReadOnlyReason';
import { ErrorView } from '../../../shared/ui/StateViews';
import type { UserDetail, UserFormOptions, UserInput } from '../api/users';

type Role = 'user' | 'administration';

export interface FormValues {
  email: string;
  name: string;
  phone: string;
  language: string;
  kind: 'internal' | 'external';
  isAdmin: boolean;
  customerId: string | null;
  permissions: string[];
  locations: Array<{ locationNo: string; role: Role }>;
  disabled: boolean;
}

export function initialValues(options: UserFormOptions, user?: UserDetail): FormValues {
  if (user)
    return {
      email: user.email,
      name: user.name,
      phone: user.phone ?? '',
      language: user.language,
      kind: user.kind,
      isAdmin: user.isAdmin,
      customerId: user.customerId,
      permissions: user.permissions,
      locations: user.locations.map((l) => ({ locationNo: l.locationNo, role: l.role })),
      disabled: user.disabled,
    };
  return {
    email: '',
    name: '',
    phone: '',
    language: 'nl-NL',
    kind: options.kind ?? 'external',
    isAdmin: false,
    customerId: options.customerId,
    permissions: [],
    locations: [],
    disabled: false,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The user form (create and edit): name, e-mail, phone, language, kind, customer, locations with roles, extra
 * functions and named roles. A key user's fixed fields are disabled with the reason (decision 0023); the server
 * checks everything again and its field errors are shown at the field.
 */
export function UserForm({
  options,
  initial,
  isSelf = false,
  submitLabel,
  extra,
  onSubmit,
  pending,
}: {
  options: UserFormOptions;
  initial: FormValues;
  isSelf?: boolean;
  submitLabel: ReactNode;
  /** More fields under the form (the invitation on create). */
  extra?: ReactNode;
  onSubmit: (input: UserInput) => Promise<unknown>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const customers = useCustomers();
  const [v, setV] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [newLocation, setNewLocation] = useState('');
  const [newRole, setNewRole] = useState<Role>('user');
  const set = (patch: Partial<FormValues>) => setV((prev) => ({ ...prev, ...patch }));
  const fixed = !options.canMakeAdmin;
  const grantable = new Set(options.grantable);

  const submit = async () => {
    const problems: Record<string, ReactNode> = {};
    if (!v.name.trim()) problems.name = t('validation.verplicht');
    if (!EMAIL.test(v.email.trim())) problems.email = t('validation.email_ongeldig');
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    try {
      await onSubmit({
        email: v.email.trim(),
        name: v.name.trim(),
        phone: v.phone.trim() || null,
        language: v.language as UserInput['language'],
        kind: v.kind,
        isAdmin: v.isAdmin,
        customerId: v.customerId,
        permissions: v.permissions as UserInput['permissions'],
        locations: v.locations,
        ...(initial.email ? { disabled: v.disabled } : {}),
      });
    } catch (e) {
      const fields = serverFieldErrors(e);
      const field = isApiError(e) ? (e.details?.field as string | undefined) : undefined;
      if (fields) setErrors(fields);
      else if (field && isApiError(e)) setErrors({ [field]: e.message });
      else setFailure(e);
    }
  };

  const addLocation = () => {
    const no = newLocation.trim();
    if (!no) return;
    set({
      locations: [...v.locations.filter((l) => l.locationNo !== no), { locationNo: no, role: newRole }],
    });
    setNewLocation('');
  };

  const customerData = (customers.data ?? []).map((c) => ({
    value: c.id,
    label: `${c.customerNo} ${c.name}`,
  }));
  const roleLabel = (r: Role) =>
    t(r === 'user' ? 'Gebruikers.rol_gebruiker' : 'Gebruikers.rol_administratie');
  const toggle = (p: string, on: boolean) =>
    set({ permissions: on ? [...v.permissions, p] : v.permissions.filter((x) => x !== p) });
  const permissionBox = (p: string, label: string) => (
    <Checkbox
      key={p}
      label={label}
      checked={v.permissions.includes(p)}
      disabled={!grantable.has(p)}
      onChange={(e) => toggle(p, e.currentTarget.checked)}
      data-testid={`user-permission-${p}`}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md" maw={860}>
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('Gebruikers.naam')}
              required
              maxLength={200}
              value={v.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={errors.name}
              data-testid="user-name"
            />
            <TextInput
              label={t('Gebruikers.email')}
              type="email"
              required
              maxLength={320}
              value={v.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
              error={errors.email}
              data-testid="user-email"
            />
            <TextInput
              label={t('shared.telefoon')}
              maxLength={50}
              value={v.phone}
              onChange={(e) => set({ phone: e.currentTarget.value })}
              error={errors.phone}
              data-testid="user-phone"
            />
            <Select
              label={t('shared.taal')}
              data={locales.map((l) => ({ value: l, label: t(`talen.${l}`) }))}
              value={v.language}
              onChange={(language) => language && set({ language })}
              allowDeselect={false}
              error={errors.language}
              data-testid="user-language"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="user-kind-label">
                {t('Gebruikers.soort')}
              </Text>
              <SegmentedControl
                aria-labelledby="user-kind-label"
                data={[
                  { value: 'internal', label: t('Gebruikers.intern') },
                  { value: 'external', label: t('Gebruikers.extern') },
                ]}
                value={v.kind}
                onChange={(kind) => set({ kind: kind as FormValues['kind'] })}
                disabled={fixed}
                data-testid="user-kind"
              />
              {fixed && <ReadOnlyReason reasonKey="Gebruikers.alleen_beheerder" />}
              {errors.kind && (
                <Text size="sm" c="red.9">
                  {errors.kind}
                </Text>
              )}
            </Stack>
            <Stack gap={4}>
              <Select
                label={t('Gebruikers.klant')}
                data={customerData}
                value={v.customerId}
                onChange={(customerId) => set({ customerId })}
                placeholder={t('Gebruikers.geen_klant')}
                searchable
                clearable={!fixed}
                clearButtonProps={{ 'aria-label': t('shared.wissen') }}
                nothingFoundMessage={t('shared.geen_resultaten')}
                disabled={fixed}
                error={errors.customerId}
                data-testid="user-customer"
              />
              {fixed && <ReadOnlyReason reasonKey="Gebruikers.alleen_beheerder" />}
            </Stack>
          </SimpleGrid>
          <Stack gap={4} mt="md">
            <Switch
              label={t('Gebruikers.beheerder')}
              checked={v.isAdmin}
              onChange={(e) => set({ isAdmin: e.currentTarget.checked })}
              disabled={fixed || isSelf}
              error={errors.isAdmin}
              data-testid="user-admin"
            />
            {fixed && <ReadOnlyReason reasonKey="Gebruikers.alleen_beheerder" />}
            {initial.email && (
              <>
                <Switch
                  label={t('Gebruikers.geblokkeerd')}
                  checked={v.disabled}
                  onChange={(e) => set({ disabled: e.currentTarget.checked })}
                  disabled={isSelf}
                  error={errors.disabled}
                  data-testid="user-disabled"
                />
                {isSelf && <ReadOnlyReason reasonKey="Gebruikers.niet_zelf" />}
              </>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('Gebruikers.locaties')}
          </Text>
          {v.locations.length === 0 ? (
            <Text size="sm" c="dimmed" mb="sm">
              {t('Gebruikers.geen_locaties')}
            </Text>
          ) : (
            <Table mb="sm" data-testid="user-locations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Gebruikers.locatie_nummer')}</Table.Th>
                  <Table.Th>{t('Gebruikers.locatie_rol')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('shared.acties')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.locations.map((l) => (
                  <Table.Tr key={l.locationNo}>
                    <Table.Td>{l.locationNo}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`${t('Gebruikers.locatie_rol')} ${l.locationNo}`}
                        data={(['user', 'administration'] as const).map((r) => ({
                          value: r,
                          label: roleLabel(r),
                        }))}
                        value={l.role}
                        allowDeselect={false}
                        onChange={(role) =>
                          set({
                            locations: v.locations.map((x) =>
                              x.locationNo === l.locationNo ? { ...x, role: role as Role } : x,
                            ),
                          })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={44}
                        aria-label={t('Gebruikers.locatie_verwijderen', { location: l.locationNo })}
                        onClick={() =>
                          set({ locations: v.locations.filter((x) => x.locationNo !== l.locationNo) })
                        }
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('Gebruikers.locatie_nummer')}
              placeholder="P-24001"
              value={newLocation}
              onChange={(e) => setNewLocation(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addLocation();
                }
              }}
              error={errors.locations}
              data-testid="user-location-input"
            />
            <Select
              label={t('Gebruikers.locatie_rol')}
              data={(['user', 'administration'] as const).map((r) => ({ value: r, label: roleLabel(r) }))}
              value={newRole}
              allowDeselect={false}
              onChange={(r) => setNewRole(r as Role)}
              data-testid="user-location-role"
            />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={addLocation}
              h={44}
              data-testid="user-location-add"
            >
              {t('Gebruikers.locatie_toevoegen')}
            </Button>
          </Group>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('Gebruikers.benoemde_rollen')}
          </Text>
          <Stack gap="xs" mb="md">
            {namedRoles.map((r) => permissionBox(r, t(`Gebruikers.benoemd.${r}`)))}
            {fixed && <ReadOnlyReason reasonKey="Gebruikers.alleen_beheerder" />}
          </Stack>
          <Text fw={600} mb="xs">
            {t('Gebruikers.gebieden')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            {functionalAreas.map((a) => permissionBox(a, t(`rechten.${a}`)))}
          </SimpleGrid>
          {errors.permissions && (
            <Text size="sm" c="red.9" mt="xs">
              {errors.permissions}
            </Text>
          )}
        </Paper>

        {extra}
        {failure !== null && <ErrorView error={failure} />}
        <Group>
          <Button type="submit" size="md" loading={pending} data-testid="user-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
