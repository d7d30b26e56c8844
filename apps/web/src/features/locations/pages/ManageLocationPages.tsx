import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NEW_LOCATION_NO, newPlantLocationInput } from '@mp/contract/api/locations';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { IconAlertTriangle, IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Customer, useCustomers } from '../../../shared/api/get-customers';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { issueKey, serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { Msg } from '../../../shared/ui/Msg';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  useCreateLocation,
  useDeregister,
  useDeregistrationInfo,
  useLocationNoCheck,
} from '../api/locations';

const input44 = { input: { minHeight: 44 } };
const label = (c: Customer) => `${c.customerNo} – ${c.name}${c.city ? `, ${c.city}` : ''}`;

/** A refused call's reason: the server's code translated, its message as the fallback. */
function Failure({ error }: { error: unknown }) {
  const e = error as { code?: string; message?: string };
  return (
    <Alert color="red" variant="light" role="alert" data-testid="location-error">
      <Msg k={e?.code ?? 'error.algemene_error'} fallback={e?.message} />
    </Alert>
  );
}

interface CreateForm {
  customerNo: string;
  locationNo: string;
  description: string;
  description2: string;
  projectNo: string;
  startDate: string;
  endDate: string;
  street: string;
  postcode: string;
  city: string;
}
const emptyCreate: CreateForm = {
  customerNo: '',
  locationNo: '',
  description: '',
  description2: '',
  projectNo: '',
  startDate: '',
  endDate: '',
  street: '',
  postcode: '',
  city: '',
};

/** The number's state while typing: format here, uniqueness from the server (debounced). */
function NumberState({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(locationNo.trim(), 300);
  const wellFormed = NEW_LOCATION_NO.test(debounced);
  const check = useLocationNoCheck(wellFormed ? debounced : '');
  if (!debounced) return <>{t('Locatie.aanmaken.nummer_hint')}</>;
  if (!wellFormed) return <>{t('Locatie.aanmaken.nummer_formaat')}</>;
  if (check.isPending || debounced !== locationNo.trim())
    return (
      <Group gap={6} component="span">
        <Loader size={12} aria-hidden />
        {t('Locatie.aanmaken.nummer_controleren_bezig')}
      </Group>
    );
  if (check.isError) return <Msg k={(check.error as { code?: string }).code ?? 'error.algemene_error'} />;
  if (check.data.valid)
    return (
      <Group gap={4} component="span" data-testid="location-number-free">
        <IconCheck size={14} color="var(--mantine-color-green-9)" aria-hidden />
        {t('Locatie.aanmaken.nummer_beschikbaar')}
      </Group>
    );
  return (
    <Text span c="red.9" size="sm" data-testid="location-number-taken">
      {t(check.data.code ?? 'Locatie.aanmaken.nummer_bestaat')}
    </Text>
  );
}

function CreateLocationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Customer | null>(null);
  const [query] = useDebouncedValue(search, 250);
  const customers = useCustomers(picked && search === label(picked) ? '' : query);
  const create = useCreateLocation();
  const [v, setV] = useState<CreateForm>(emptyCreate);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const set = (patch: Partial<CreateForm>) => setV((prev) => ({ ...prev, ...patch }));

  if (customers.isPending) return <LoadingBlock />;
  if (customers.isError)
    return <ErrorView error={customers.error} onRetry={() => void customers.refetch()} />;
  const list = customers.data.filter((c) => !c.blocked);
  if (picked && !list.some((c) => c.customerNo === picked.customerNo)) list.unshift(picked);
  const options = list.map((c) => ({ value: c.customerNo, label: label(c) }));

  const submit = () => {
    const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== ''));
    const parsed = newPlantLocationInput.safeParse(body);
    const problems: Record<string, ReactNode> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path in problems) continue;
        const e = issueKey(issue);
        problems[path] = (
          <Msg
            k={
              path === 'locationNo' && e.key === 'validation.ongeldig_formaat'
                ? 'Locatie.aanmaken.nummer_formaat'
                : e.key
            }
            params={e.params}
          />
        );
      }
    }
    setErrors(problems);
    setFailure(null);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        snackbar.success('Locatie.aanmaken.aangemaakt', { location: parsed.data.locationNo });
        selectLocation({
          locationNo: parsed.data.locationNo,
          label: `${parsed.data.locationNo} ${parsed.data.description}`,
        });
        navigate(paths.locatie.to());
      },
      onError: (e) => {
        const fields = serverFieldErrors(e);
        if (fields) setErrors(fields);
        else setFailure(e);
      },
    });
  };

  const text = (field: keyof CreateForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={v[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={errors[field]}
      styles={input44}
      data-testid={`location-${field}`}
      {...extra}
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
      <Stack gap="md" maw={820}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Select
              label={t('Locatie.aanmaken.klant')}
              placeholder={t('Locatie.aanmaken.kies_klant')}
              required
              data={options}
              value={v.customerNo || null}
              onChange={(customerNo) => {
                set({ customerNo: customerNo ?? '' });
                setPicked(list.find((c) => c.customerNo === customerNo) ?? null);
              }}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={t('Locatie.aanmaken.geen_klanten')}
              error={errors.customerNo}
              styles={input44}
              data-testid="location-customer"
            />
            {text('locationNo', t('Locatie.nummer'), {
              required: true,
              maxLength: 7,
              description: <NumberState locationNo={v.locationNo} />,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                set({ locationNo: e.currentTarget.value.toUpperCase() }),
            })}
            {text('description', t('Locatie.omschrijving'), { required: true, maxLength: 100 })}
            {text('description2', t('Locatie.omschrijving2'), { maxLength: 100 })}
            {text('projectNo', t('Locatie.projectnummer'), { maxLength: 50 })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('startDate', t('Locatie.aanmaken.startdatum'), { type: 'date' })}
              {text('endDate', t('Locatie.aanmaken.einddatum'), { type: 'date' })}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h5" mb="sm">
            {t('Locatie.aanmaken.adres_kop')}
          </Title>
          <Stack gap="md">
            {text('street', t('Locatie.aanmaken.straat'), { maxLength: 200 })}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('postcode', t('Locatie.aanmaken.postcode'), { maxLength: 20 })}
              {text('city', t('Locatie.aanmaken.plaats'), { maxLength: 100 })}
            </SimpleGrid>
          </Stack>
        </Paper>
        {failure !== null && <Failure error={failure} />}
        <Group justify="flex-end">
          <Button component={Link} to={paths.locatie.to()} variant="default" mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button type="submit" mih={44} loading={create.isPending} data-testid="location-create">
            {t('Locatie.aanmaken.knop')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function LocatieAanmakenPage() {
  const { t } = useTranslation();
  return (
    <AreaPage description={t('Locatie.aanmaken.intro')}>
      <CreateLocationForm />
    </AreaPage>
  );
}

function DeregisterForm({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useSelectedLocationAccess();
  const info = useDeregistrationInfo(locationNo);
  const deregister = useDeregister(locationNo);
  const [date, setDate] = useState(() => calendarDayIn(new Date()));
  const [comment, setComment] = useState('');
  const [buyOff, setBuyOff] = useState(false);
  const [removeRemaining, setRemoveRemaining] = useState(false);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [failure, setFailure] = useState<unknown>(null);

  if (!access.canWrite)
    return (
      <Alert color="gray" variant="light" data-testid="deregister-read-only">
        {t('Locatie.afmelden.geen_schrijfrecht')}
      </Alert>
    );
  if (info.isPending) return <LoadingBlock />;
  if (info.isError) return <ErrorView error={info.error} onRetry={() => void info.refetch()} />;
  const i = info.data;
  if (i.deregistrationPending)
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 aria-hidden />}
        data-testid="deregister-pending"
      >
        {t('Locatie.afmelden.in_afwachting', { location: locationNo })}
      </Alert>
    );
  const blocked = i.blockedByStock && !removeRemaining;

  const submit = () => {
    setErrors({});
    setFailure(null);
    // why: mutateAsync, not mutate's callbacks: the refreshed list drops the closed location, the selector clears
    // the selection and this form unmounts before a callback would run
    deregister
      .mutateAsync({
        date,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(buyOff ? { buyOff } : {}),
        ...(removeRemaining ? { removeRemaining } : {}),
      })
      .then((r) => {
        if (r.state === 'pending') snackbar.info('Locatie.afmelden.in_afwachting', { location: locationNo });
        else {
          snackbar.success('Locatie.afmelden.verzonden', { location: locationNo });
          selectLocation(null);
        }
        navigate(paths.locatie.to());
      })
      .catch((e: unknown) => {
        const fields = serverFieldErrors(e);
        if (fields && !fields.plantLocation) setErrors(fields);
        else setFailure(e);
      });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" maw={720}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Text fw={600}>{t('Locatie.afmelden.bevestigen', { location: locationNo })}</Text>
            {i.stockLines > 0 ? (
              <Alert
                color={i.blockedByStock ? 'yellow' : 'gray'}
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                data-testid="deregister-stock"
              >
                {i.blockedByStock
                  ? t('Locatie.afmelden.nog_voorraad_regel', { count: i.stockLines })
                  : t('Locatie.afmelden.nog_voorraad', { count: i.stockLines })}
              </Alert>
            ) : (
              <Text size="sm" c="dimmed" data-testid="deregister-no-stock">
                {t('Locatie.afmelden.geen_voorraad')}
              </Text>
            )}
            {i.stockLines > 0 && (
              <Checkbox
                label={t('Locatie.afmelden.alles_afvoerlijst')}
                description={t('Locatie.afmelden.alles_afvoerlijst_uitleg')}
                checked={removeRemaining}
                onChange={(e) => setRemoveRemaining(e.currentTarget.checked)}
                data-testid="deregister-remove-remaining"
              />
            )}
            {i.buyOffOffered && i.stockLines > 0 && (
              <Checkbox
                label={t('Locatie.afmelden.afkoopsom')}
                checked={buyOff}
                onChange={(e) => setBuyOff(e.currentTarget.checked)}
                data-testid="deregister-buy-off"
              />
            )}
            <TextInput
              type="date"
              label={t('Locatie.afmelden.datum')}
              required
              value={date}
              min={calendarDayIn(new Date())}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              styles={input44}
              maw={220}
              data-testid="deregister-date"
            />
            <Textarea
              label={t('Locatie.afmelden.opmerking')}
              autosize
              minRows={2}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              error={errors.comment}
            />
          </Stack>
        </Paper>
        {failure !== null && <Failure error={failure} />}
        <Group justify="flex-end">
          <Button component={Link} to={paths.locatie.to()} variant="default" mih={44}>
            {t('shared.annuleren')}
          </Button>
          <Button
            type="submit"
            color="red.9"
            mih={44}
            disabled={blocked}
            loading={deregister.isPending}
            data-testid="deregister-submit"
          >
            {t('Locatie.afmelden.knop')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function LocatieAfmeldenPage() {
  const { t } = useTranslation();
  const selected = useStore(selectedLocationStore);
  return (
    <AreaPage
      needsLocation
      locationMessageKey="Locatie.kies_locatie"
      description={t('Locatie.afmelden.intro')}
    >
      {selected && <DeregisterForm key={selected.locationNo} locationNo={selected.locationNo} />}
    </AreaPage>
  );
}
