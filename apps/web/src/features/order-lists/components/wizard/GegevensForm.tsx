import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MAX_REQUEST_COMMENT } from '@mp/contract/api/ordering';
import {
  addDays,
  calendarDayIn,
  earliestDeliveryDate,
  earliestPastDate,
  isSelectableDeliveryDate,
  MAX_DAYS_AHEAD,
} from '@mp/contract/rules/order-dates';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSettings } from '../../../../shared/api/get-settings';
import type { ErrorKey } from '../../../../shared/lib/form-errors';
import { paths } from '../../../../shared/lib/paths';
import { useFormat } from '../../../../shared/ui/format';
import type { DepotList } from '../../api/get-depots';
import type { WorkAddress } from '../../api/get-work-addresses';
import { saveOrderDraft } from '../../api/save-order-draft';
import { useAutosaver } from '../autosave';
import { DateField, DatesLocale } from './DateField';
import {
  type OrderFormField,
  type OrderFormValues,
  orderDateSettings,
  toDraft,
  validateOrderForm,
} from './wizard-form';
import { updateWizard, wizardFor } from './wizard-store';

/** A field message in the interface language; a date parameter written as the locale writes dates. */
export function FieldMessage({ error }: { error: ErrorKey }) {
  const { t } = useTranslation();
  const format = useFormat();
  const params = { ...error.params };
  if (typeof params.date === 'string') params.date = format.day(params.date);
  return <>{t(error.key, params)}</>;
}

const fieldId = (f: OrderFormField) => `order-${f}`;

/** Step 1 (Gegevens) of the order wizard: the form of spec §3, saved as a draft while typing. */
export function GegevensForm({
  locationNo,
  listId,
  initial,
  restored,
  depots,
  addresses,
}: {
  locationNo: string;
  listId: string;
  initial: OrderFormValues;
  restored: boolean;
  depots: DepotList;
  addresses: WorkAddress[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const format = useFormat();
  const [values, setValues] = useState<OrderFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<OrderFormField, ErrorKey>>>(
    () => wizardFor(listId)?.serverErrors ?? {},
  );
  const [tried, setTried] = useState(Object.keys(errors).length > 0);
  const [going, setGoing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const dates = orderDateSettings(settings);
  const today = calendarDayIn(new Date());
  const rushEnabled = settings.bool('OrderWizardEnableRush');
  const earliest = earliestDeliveryDate(today, dates, values.rush);
  const firstDay = dates.Bestellen_DagenInVerleden > 0 ? earliestPastDate(today, dates) : earliest;
  const lastDay = addDays(today, MAX_DAYS_AHEAD);
  const ctx = useMemo(() => ({ today, dates, termsRequired: false, checkTerms: false }), [today, dates]);

  const { saver } = useAutosaver<OrderFormValues>(async (batch) => {
    const latest = batch.get('draft');
    if (latest) await saveOrderDraft(locationNo, listId, toDraft(latest));
  });

  const latest = useRef(values);
  function change(patch: Partial<OrderFormValues>) {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValues(next);
    updateWizard(listId, { values: next, filled: false, serverErrors: {} });
    saver.schedule('draft', next);
    if (tried) setErrors(validateOrderForm(next, ctx));
  }

  function pickAddress(code: string | null) {
    const a = addresses.find((x) => x.code === code);
    change({
      addressCode: code,
      ...(a && !latest.current.contactPerson.trim() && a.contactPerson
        ? { contactPerson: a.contactPerson }
        : {}),
      ...(a && !latest.current.phone.trim() && a.phone ? { phone: a.phone } : {}),
    });
  }

  async function next(e: React.FormEvent) {
    e.preventDefault();
    setTried(true);
    const found = validateOrderForm(values, ctx);
    setErrors(found);
    const first = (Object.keys(found) as OrderFormField[])[0];
    if (first) {
      const el = formRef.current?.querySelector<HTMLElement>(
        `#${fieldId(first)}, [data-field="${first}"] input, [data-field="${first}"] button`,
      );
      el?.focus();
      return;
    }
    setGoing(true);
    saver.schedule('draft', values);
    await saver.flush();
    setGoing(false);
    updateWizard(listId, { values, filled: true, serverErrors: {} });
    navigate(paths.bestellenAfronden.to());
  }

  const err = (f: OrderFormField): ReactNode => (errors[f] ? <FieldMessage error={errors[f]} /> : undefined);
  const collect = values.transportMeans === 'ophalen';
  const addressLabel = (a: WorkAddress) =>
    `${a.name} – ${[a.street, [a.postcode, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}`;
  const depotLabel = (d: DepotList['depots'][number]) =>
    `${d.name}${d.city ? ` – ${[d.street, d.city].filter(Boolean).join(', ')}` : ''}`;
  const rushText = settings.str('Spoed_Tekst') || t('Bestellen.spoed_uitleg');
  const rushPrice = settings.str('Spoed_Prijs');
  const errorCount = Object.keys(errors).length;

  return (
    <DatesLocale>
      <form ref={formRef} onSubmit={next} noValidate data-testid="order-form">
        <Stack gap="lg">
          {restored && (
            <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('wizard.concept_hersteld')}
            </Alert>
          )}
          {tried && errorCount > 0 && (
            <Alert color="red" variant="light" role="alert">
              {t('error.ongeldige_invoer')}
            </Alert>
          )}

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-when">
            <Title order={2} size="h4" mb="sm" id="order-when">
              {t('Bestellen.levering')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <div data-field="deliveryDate">
                <DateField
                  label={t('Bestellen.leverDatum')}
                  value={values.deliveryDate}
                  onChange={(v) =>
                    change({
                      deliveryDate: v,
                      ...(v && values.expectedReturnDate && values.expectedReturnDate < v
                        ? { expectedReturnDate: null }
                        : {}),
                    })
                  }
                  excludeDate={(d) => !isSelectableDeliveryDate(d, today, dates, values.rush)}
                  minDate={firstDay}
                  maxDate={lastDay}
                  error={err('deliveryDate')}
                  description={t('Bestellen.leverdatum_uitleg', { date: format.day(earliest) })}
                  required
                  testId="delivery-date"
                />
              </div>
              <div data-field="expectedReturnDate">
                <DateField
                  label={t('Bestellen.retourDatum')}
                  value={values.expectedReturnDate}
                  onChange={(v) => change({ expectedReturnDate: v })}
                  minDate={values.deliveryDate ?? firstDay}
                  maxDate={addDays(today, MAX_DAYS_AHEAD * 3)}
                  error={err('expectedReturnDate')}
                  description={t('shared.optioneel')}
                  clearable
                  testId="return-date"
                />
              </div>
            </SimpleGrid>
            {rushEnabled && (
              <Checkbox
                mt="md"
                id={fieldId('rush')}
                checked={values.rush}
                onChange={(e) => change({ rush: e.currentTarget.checked })}
                label={t('Bestellen.spoed')}
                description={
                  <>
                    {rushText}
                    {rushPrice ? ` ${t('Bestellen.spoed_toeslag', { price: rushPrice })}` : ''}
                  </>
                }
                error={err('rush')}
                styles={{ body: { minHeight: 44, alignItems: 'flex-start' } }}
                data-testid="rush"
              />
            )}
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-where">
            <Title order={2} size="h4" mb="sm" id="order-where">
              {t('Bestellen.bestemming')}
            </Title>
            <Radio.Group
              value={values.transportMeans}
              onChange={(v) => change({ transportMeans: v === 'ophalen' ? 'ophalen' : 'leveren' })}
              label={t('Bestellen.transportmiddel')}
              error={err('transportMeans')}
              data-field="transportMeans"
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                <Radio.Card value="leveren" radius="md" p="sm" data-testid="means-leveren">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text size="sm">{t('wizard.transportmiddel_opties.leveren')}</Text>
                  </Group>
                </Radio.Card>
                <Radio.Card value="ophalen" radius="md" p="sm" data-testid="means-ophalen">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text size="sm">{t('wizard.transportmiddel_opties.ophalen')}</Text>
                  </Group>
                </Radio.Card>
              </SimpleGrid>
            </Radio.Group>

            {collect ? (
              <Select
                mt="md"
                id={fieldId('depotNo')}
                label={t('Bestellen.depot')}
                data={depots.depots.map((d) => ({ value: d.depotNo, label: depotLabel(d) }))}
                value={values.depotNo}
                onChange={(v) => change({ depotNo: v })}
                error={err('depotNo')}
                allowDeselect={false}
                required
                styles={{ input: { minHeight: 44 } }}
                data-testid="depot"
              />
            ) : (
              <Stack gap="md" mt="md">
                <Radio.Group
                  value={values.destination}
                  onChange={(v) =>
                    change({ destination: v === 'other_address' ? 'other_address' : 'work_address' })
                  }
                  label={t('Bestellen.bestemmingadres')}
                >
                  <Group gap="lg" mt="xs">
                    <Radio
                      value="work_address"
                      label={t('Bestellen.werkadres')}
                      disabled={addresses.length === 0}
                      styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                    />
                    <Radio
                      value="other_address"
                      label={t('Bestellen.ander_adres')}
                      styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                      data-testid="destination-other"
                    />
                  </Group>
                </Radio.Group>
                {values.destination === 'work_address' ? (
                  <Select
                    id={fieldId('addressCode')}
                    label={t('Bestellen.adres_kiezen')}
                    data={addresses.map((a) => ({ value: a.code, label: addressLabel(a) }))}
                    value={values.addressCode}
                    onChange={pickAddress}
                    error={err('addressCode')}
                    allowDeselect={false}
                    required
                    styles={{ input: { minHeight: 44 } }}
                    data-testid="work-address"
                  />
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    <TextInput
                      id={fieldId('street')}
                      label={t('Bestellen.adres')}
                      value={values.street}
                      onChange={(e) => change({ street: e.currentTarget.value })}
                      error={err('street')}
                      required
                      maxLength={200}
                      autoComplete="street-address"
                      styles={{ input: { minHeight: 44 } }}
                    />
                    <TextInput
                      id={fieldId('postcode')}
                      label={t('Bestellen.postcode')}
                      value={values.postcode}
                      onChange={(e) => change({ postcode: e.currentTarget.value })}
                      error={err('postcode')}
                      maxLength={20}
                      autoComplete="postal-code"
                      styles={{ input: { minHeight: 44 } }}
                    />
                    <TextInput
                      id={fieldId('city')}
                      label={t('Bestellen.plaats')}
                      value={values.city}
                      onChange={(e) => change({ city: e.currentTarget.value })}
                      error={err('city')}
                      required
                      maxLength={100}
                      autoComplete="address-level2"
                      styles={{ input: { minHeight: 44 } }}
                    />
                  </SimpleGrid>
                )}
              </Stack>
            )}
          </Paper>

          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-who">
            <Title order={2} size="h4" mb="sm" id="order-who">
              {t('Bestellen.contact')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                id={fieldId('contactPerson')}
                label={t('Bestellen.contactpersoon')}
                value={values.contactPerson}
                onChange={(e) => change({ contactPerson: e.currentTarget.value })}
                error={err('contactPerson')}
                required
                maxLength={100}
                autoComplete="name"
                styles={{ input: { minHeight: 44 } }}
              />
              <TextInput
                id={fieldId('phone')}
                label={t('Bestellen.telefoonnummer')}
                value={values.phone}
                onChange={(e) => change({ phone: e.currentTarget.value })}
                error={err('phone')}
                required
                type="tel"
                inputMode="tel"
                maxLength={30}
                autoComplete="tel"
                styles={{ input: { minHeight: 44 } }}
              />
              <TextInput
                id={fieldId('reference')}
                label={t('Bestellen.referentie')}
                value={values.reference}
                onChange={(e) => change({ reference: e.currentTarget.value })}
                error={err('reference')}
                maxLength={100}
                description={t('shared.optioneel')}
                styles={{ input: { minHeight: 44 } }}
              />
            </SimpleGrid>
            <Textarea
              mt="md"
              id={fieldId('comment')}
              label={t('Bestellen.opmerking')}
              value={values.comment}
              onChange={(e) => change({ comment: e.currentTarget.value })}
              error={err('comment')}
              maxLength={MAX_REQUEST_COMMENT}
              autosize
              minRows={3}
              description={t('shared.optioneel')}
            />
          </Paper>

          <Group justify="space-between" gap="sm">
            <Button
              component={Link}
              to={paths.bestellijst.to()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              mih={44}
            >
              {t('Bestellen.terug_bestellijst')}
            </Button>
            <Button
              type="submit"
              rightSection={<IconArrowRight size={18} aria-hidden />}
              loading={going}
              mih={44}
              data-testid="to-afronden"
            >
              {t('shared.volgende')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesLocale>
  );
}
