import {
  Badge,
  Box,
  Button,
  Card,
  ColorInput,
  FileInput,
  Group,
  Image,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { imageUploadMaxBytes } from '@mp/contract/api/images';
import type { SettingsPayload } from '@mp/contract/api/settings';
import { corporateIdentitySettingKeys, termsUrlPattern } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import {
  type BrandColours,
  brandColourKeys,
  type ContrastCheck,
  checkContrast,
  formatRatio,
} from '@mp/contract/rules/contrast';
import { settingsCatalogue } from '@mp/contract/settings';
import { IconCheck, IconPhotoUp, IconRestore, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useCorporateIdentity } from '../../../shared/api/get-corporate-identity';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import columnClasses from '../../../shared/ui/footer-column.module.css';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { Msg } from '../../../shared/ui/Msg';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type CorporateSlot,
  type FooterColumnName,
  footerColumnNames,
  useFootersOf,
  useRemoveCorporateImage,
  useSaveCorporateSettings,
  useSaveFooter,
  useUploadCorporateImage,
} from '../api/corporate-identity';
import { imageAccept, imageFileProblem, megabytes } from '../api/image-file';

/*
 * The corporate identity (issue #15 part 3, decision 0026): images, colours with a live preview and a WCAG AA check
 * per pair, the footer columns per language and the footer settings.
 */

// why: the server names a field by its path in the body (values.TermsAndConditionsUrl); the form by its key
const settingFields = Object.fromEntries(corporateIdentitySettingKeys.map((k) => [`values.${k}`, k]));

// ── images ──────────────────────────────────────────────────────────────────────────────────

const slots: CorporateSlot[] = ['logo', 'banner', 'favicon'];
const urlOf = { logo: 'logoUrl', banner: 'bannerUrl', favicon: 'faviconUrl' } as const;

function ImageSlot({ slot, url }: { slot: CorporateSlot; url: string | null }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadCorporateImage();
  const remove = useRemoveCorporateImage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const [confirming, setConfirming] = useState(false);
  const label = t(`corporate_identity.${slot}`);

  const choose = (f: File | null) => {
    setFile(f);
    const problem = f ? imageFileProblem(f, i18n.language) : null;
    setError(problem ? errorNode(problem) : null);
  };
  const send = () => {
    if (!file || error) return;
    upload.mutate(
      { slot, file },
      {
        onSuccess: () => {
          snackbar.success('corporate_identity.afbeelding_opgeslagen');
          setFile(null);
        },
        onError: (e) => {
          setError(
            isApiError(e) ? (
              <Msg k={e.code} fallback={e.message} />
            ) : (
              errorNode({ key: 'error.algemene_error' })
            ),
          );
          snackbar.error(e);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid={`ci-image-${slot}`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {label}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`corporate_identity.${slot}_hint`)}
        </Text>
        <Box
          bg="gray.1"
          p="sm"
          style={{
            borderRadius: 8,
            minHeight: 96,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {url ? (
            <Image
              src={url}
              alt={t('corporate_identity.afbeelding_huidig', { name: label })}
              mah={slot === 'favicon' ? 64 : 120}
              w="auto"
              maw="100%"
              fit="contain"
            />
          ) : (
            <Text size="sm">{t('corporate_identity.afbeelding_standaard')}</Text>
          )}
        </Box>
        <FileInput
          label={t('corporate_identity.afbeelding_kiezen')}
          description={t('corporate_identity.afbeelding_eisen', {
            max: megabytes(imageUploadMaxBytes, i18n.language),
          })}
          accept={imageAccept}
          value={file}
          onChange={choose}
          error={error}
          clearable
          leftSection={<IconPhotoUp size={18} aria-hidden />}
          data-testid={`ci-file-${slot}`}
        />
        <Group gap="sm">
          <Button
            size="sm"
            onClick={send}
            disabled={!file || !!error}
            loading={upload.isPending}
            data-testid={`ci-upload-${slot}`}
          >
            {t('corporate_identity.afbeelding_uploaden')}
          </Button>
          {url && (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconRestore size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid={`ci-remove-${slot}`}
            >
              {t('corporate_identity.afbeelding_verwijderen')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('corporate_identity.afbeelding_verwijderen')}
        message={t('corporate_identity.afbeelding_verwijderen_vraag')}
        confirmLabel={t('corporate_identity.afbeelding_verwijderen')}
        action={() => remove.mutateAsync(slot)}
        successKey="corporate_identity.afbeelding_verwijderd"
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function ImagesSection() {
  const { t } = useTranslation();
  const identity = useCorporateIdentity();
  return (
    <Section id="ci-images" title={t('corporate_identity.afbeeldingen')}>
      {identity.isPending ? (
        <LoadingBlock />
      ) : identity.isError ? (
        <ErrorView error={identity.error} onRetry={() => void identity.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {slots.map((slot) => (
            <ImageSlot key={slot} slot={slot} url={identity.data?.[urlOf[slot]] ?? null} />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

// ── colours ─────────────────────────────────────────────────────────────────────────────────

const colourKeys = brandColourKeys;
const HEX = /^#[0-9a-f]{6}$/i;
const defaultColours = Object.fromEntries(
  colourKeys.map((k) => [k, settingsCatalogue[k].default]),
) as BrandColours;

export function coloursOf(payload: SettingsPayload): BrandColours {
  return Object.fromEntries(
    colourKeys.map((k) => {
      const v = payload.stringValues[k];
      return [k, typeof v === 'string' && HEX.test(v) ? v.toUpperCase() : defaultColours[k]];
    }),
  ) as BrandColours;
}

/** The draft colours in the portal's shapes: top bar, banner with a button, a page with a link and a badge. */
export function ColourPreview({ colours }: { colours: BrandColours }) {
  const { t } = useTranslation();
  const c = colours;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="ci-preview">
      <Box px="md" py={8} style={{ background: c.PrimaryColorDarker, color: c.PrimaryTextColor }}>
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="sm" c="inherit">
            {t('corporate_identity.voorbeeld_titel')}
          </Text>
          <Box
            component="span"
            px={8}
            py={2}
            fz="xs"
            fw={700}
            style={{ background: c.SecondaryColor, color: c.SecondaryTextColor, borderRadius: 12 }}
          >
            3
          </Box>
        </Group>
      </Box>
      <Box px="md" py="md" style={{ background: c.PrimaryColor, color: c.PrimaryTextColor }}>
        <Text fw={600} c="inherit">
          {t('corporate_identity.voorbeeld_tekst')}
        </Text>
      </Box>
      <Stack gap="sm" p="md" bg="#FFFFFF">
        <Group gap="sm">
          <Box
            component="span"
            px="md"
            py={8}
            fw={600}
            fz="sm"
            style={{ background: c.PrimaryColor, color: c.PrimaryTextColor, borderRadius: 8 }}
          >
            {t('corporate_identity.voorbeeld_knop')}
          </Box>
          <Box
            component="span"
            px="md"
            py={8}
            fw={600}
            fz="sm"
            style={{ background: c.SecondaryColorDarker, color: c.SecondaryTextColor, borderRadius: 8 }}
          >
            {t('corporate_identity.voorbeeld_knop')}
          </Box>
          <Box
            component="span"
            px={8}
            py={2}
            fz="xs"
            fw={700}
            tt="uppercase"
            style={{ background: c.SecondaryColor, color: c.SecondaryTextColor, borderRadius: 12 }}
          >
            {t('corporate_identity.voorbeeld_badge')}
          </Box>
        </Group>
        <Text component="span" fw={600} td="underline" style={{ color: c.PrimaryColor }}>
          {t('corporate_identity.voorbeeld_link')}
        </Text>
      </Stack>
    </Paper>
  );
}

const pairKey = (c: ContrastCheck) => `corporate_identity.paar.${c.id.replace(/-/g, '_')}`;

export function ContrastTable({ checks }: { checks: ContrastCheck[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid="ci-contrast">
      <Title order={3} size="h5" id="ci-contrast-title" mb="xs">
        {t('corporate_identity.contrast_titel')}
      </Title>
      <List listStyleType="none" aria-labelledby="ci-contrast-title" spacing={0} p={0}>
        {checks.map((c) => (
          <List.Item
            key={c.id}
            data-testid={`ci-pair-${c.id}`}
            data-passes={c.passes}
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            styles={{ itemWrapper: { display: 'block', width: '100%' }, itemLabel: { display: 'block' } }}
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 200px' }}>
                {t(pairKey(c))}
              </Text>
              <Group gap="sm" wrap="nowrap">
                <Box
                  aria-hidden
                  px={8}
                  fw={700}
                  fz="sm"
                  style={{
                    background: c.backgroundColour,
                    color: c.textColour,
                    borderRadius: 4,
                    border: '1px solid var(--mantine-color-gray-4)',
                  }}
                >
                  Aa
                </Box>
                <Text size="sm" ff="monospace" w={64} ta="right" data-testid="ci-ratio">
                  {c.ratio === null
                    ? '–'
                    : t('corporate_identity.contrast_ratio', { ratio: formatRatio(c.ratio) })}
                </Text>
                <Badge
                  variant="light"
                  color={c.passes ? 'green' : 'red'}
                  c="dark.8"
                  miw={96}
                  leftSection={
                    c.passes ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />
                  }
                >
                  {c.passes
                    ? t('corporate_identity.contrast_voldoet')
                    : t('corporate_identity.contrast_onvoldoende')}
                </Badge>
              </Group>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function ColoursSection({ payload }: { payload: SettingsPayload }) {
  const { t } = useTranslation();
  const save = useSaveCorporateSettings();
  const stored = coloursOf(payload);
  const [draft, setDraft] = useState<BrandColours>(stored);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [confirm, setConfirm] = useState<ContrastCheck[] | null>(null);
  const storedKey = colourKeys.map((k) => stored[k]).join();
  // a save elsewhere (or this one) brings new stored values: the form follows
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for the stored colours
  useEffect(() => setDraft(coloursOf(payload)), [storedKey]);

  const valid = colourKeys.every((k) => HEX.test(draft[k]));
  const checks = checkContrast(draft);
  const failing = checks.filter((c) => !c.passes);
  const changed = colourKeys.some((k) => draft[k].toUpperCase() !== stored[k].toUpperCase());

  const send = (acceptLowContrast: boolean) => {
    save.mutate(
      { values: draft, acceptLowContrast },
      {
        onSuccess: () => {
          setConfirm(null);
          snackbar.success('corporate_identity.kleuren_opgeslagen');
        },
        onError: (e) => {
          // the server judged the pairs lower than the page did (other stored colours): ask the same question
          if (isApiError(e) && e.code === 'corporate_identity.contrast_te_laag' && !acceptLowContrast) {
            setConfirm(failing.length ? failing : checks.filter((c) => !c.passes));
            return;
          }
          setConfirm(null);
          const fields = serverFieldErrors(e, settingFields);
          if (fields) setErrors(fields);
          snackbar.error(e);
        },
      },
    );
  };
  const submit = () => {
    const local: Record<string, ReactNode> = {};
    for (const k of colourKeys)
      if (!HEX.test(draft[k])) local[k] = errorNode({ key: 'corporate_identity.kleur_ongeldig' });
    setErrors(local);
    if (Object.keys(local).length) return;
    if (failing.length) setConfirm(failing);
    else send(false);
  };

  return (
    <Section id="ci-colours" title={t('corporate_identity.kleuren')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {colourKeys.map((k) => (
                <ColorInput
                  key={k}
                  label={t(`corporate_identity.kleur.${k}`)}
                  value={draft[k]}
                  onChange={(v) => setDraft((d) => ({ ...d, [k]: v.toUpperCase() }))}
                  format="hex"
                  withEyeDropper={false}
                  error={errors[k]}
                  swatches={[defaultColours[k], '#FFFFFF', '#1A1B1E']}
                  data-testid={`ci-colour-${k}`}
                />
              ))}
            </SimpleGrid>
            <Group gap="sm">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!changed}
                data-testid="ci-colours-save"
              >
                {t('shared.opslaan')}
              </Button>
              <Button variant="default" onClick={() => setDraft(stored)} disabled={!changed}>
                {t('shared.annuleren')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => setDraft(defaultColours)}
                data-testid="ci-colours-default"
              >
                {t('corporate_identity.kleuren_standaard')}
              </Button>
            </Group>
          </Stack>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('corporate_identity.voorbeeld')}
            </Title>
            <ColourPreview colours={valid ? draft : stored} />
          </Stack>
        </SimpleGrid>
        <Box mt="md">
          <ContrastTable checks={checks} />
        </Box>
      </form>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('corporate_identity.contrast_bevestigen_titel')}
        centered
        closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
      >
        <Stack gap="md" data-testid="ci-contrast-confirm">
          <Text>{t('corporate_identity.contrast_bevestigen_tekst')}</Text>
          <List size="sm">
            {(confirm ?? []).map((c) => (
              <List.Item key={c.id}>
                {t(pairKey(c))}:{' '}
                {c.ratio === null
                  ? '–'
                  : t('corporate_identity.contrast_ratio', { ratio: formatRatio(c.ratio) })}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)} mih={44}>
              {t('shared.terug')}
            </Button>
            <Button
              color="red.9"
              onClick={() => send(true)}
              loading={save.isPending}
              mih={44}
              data-testid="ci-contrast-accept"
            >
              {t('corporate_identity.contrast_toch_opslaan')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

// ── footer ──────────────────────────────────────────────────────────────────────────────────

const columnLabel: Record<FooterColumnName, string> = {
  footer_column_one: 'corporate_identity.column_one',
  footer_column_two: 'corporate_identity.column_two',
  footer_column_three: 'corporate_identity.column_three',
};

function FooterColumnEditor({
  locale,
  columnName,
  html,
  fromDutch,
}: {
  locale: Locale;
  columnName: FooterColumnName;
  html: string;
  fromDutch: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveFooter();
  const [value, setValue] = useState(html);
  useEffect(() => setValue(html), [html]);
  const id = `${locale}-${columnName}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { locale, columnName, html: value },
          {
            onSuccess: () => snackbar.success('corporate_identity.column_saved'),
            onError: (err) => snackbar.error(err),
          },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('corporate_identity.footer_kolom', {
            column: t(columnLabel[columnName]),
            language: t(`talen.${locale}`),
          })}
          description={fromDutch ? t('corporate_identity.footer_uit_nl') : undefined}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={14}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid={`ci-footer-${id}`}
        />
        <Text size="xs" fw={500} id={`ci-footer-preview-label-${id}`}>
          {t('corporate_identity.footer_voorbeeld')}
        </Text>
        {/* as the footer shows it: sanitized, on the footer's colours, headings under the column */}
        <Paper
          component="section"
          aria-labelledby={`ci-footer-preview-label-${id}`}
          radius="sm"
          p="sm"
          bg="var(--mantine-color-gray-9)"
          c="var(--mantine-color-gray-2)"
          data-testid={`ci-footer-preview-${id}`}
        >
          {value.trim() === '' ? (
            <Text size="sm">{t('corporate_identity.footer_leeg')}</Text>
          ) : (
            <SafeHtml html={value} headingLevel={3} className={columnClasses.column} />
          )}
        </Paper>
        <Group>
          <Button
            type="submit"
            size="sm"
            loading={save.isPending}
            disabled={value === html && !fromDutch}
            data-testid={`ci-footer-save-${id}`}
          >
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FooterLocale({ locale }: { locale: Locale }) {
  const query = useFootersOf(locale);
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      {footerColumnNames.map((name) => {
        const column = query.data.find((c) => c.columnName === name);
        return (
          <FooterColumnEditor
            key={name}
            locale={locale}
            columnName={name}
            html={column?.html ?? ''}
            fromDutch={!!column && column.locale !== locale}
          />
        );
      })}
    </SimpleGrid>
  );
}

function FooterSettings({ payload }: { payload: SettingsPayload }) {
  const { t } = useTranslation();
  const save = useSaveCorporateSettings();
  const stored = {
    EnableFooterNavigation: payload.boolValues.EnableFooterNavigation ?? true,
    ShowTermsAndConditionsLink: payload.boolValues.ShowTermsAndConditionsLink ?? false,
    TermsAndConditionsUrl: String(payload.stringValues.TermsAndConditionsUrl ?? ''),
  };
  const [draft, setDraft] = useState(stored);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const storedKey = JSON.stringify(stored);
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for the stored values
  useEffect(() => setDraft(stored), [storedKey]);
  const changed = JSON.stringify(draft) !== storedKey;

  const submit = () => {
    const url = draft.TermsAndConditionsUrl.trim();
    const local: Record<string, ReactNode> = {};
    if ((url === '' && draft.ShowTermsAndConditionsLink) || !termsUrlPattern.test(url))
      local.TermsAndConditionsUrl = errorNode({ key: 'corporate_identity.terms_url_fout' });
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(
      { values: { ...draft, TermsAndConditionsUrl: url } },
      {
        onSuccess: () => snackbar.success('corporate_identity.instellingen_opgeslagen'),
        onError: (e) => {
          const fields = serverFieldErrors(e, settingFields);
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
    >
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('corporate_identity.footer_instellingen')}
        </Title>
        <Switch
          label={t('corporate_identity.EnableFooterNavigation')}
          checked={draft.EnableFooterNavigation}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, EnableFooterNavigation: checked }));
          }}
          data-testid="ci-footer-nav"
        />
        <Switch
          label={t('corporate_identity.ShowTermsAndConditionsLink')}
          checked={draft.ShowTermsAndConditionsLink}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((d) => ({ ...d, ShowTermsAndConditionsLink: checked }));
          }}
          data-testid="ci-footer-terms"
        />
        <TextInput
          type="url"
          label={t('corporate_identity.TermsAndConditionsUrl')}
          placeholder="https://"
          value={draft.TermsAndConditionsUrl}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setDraft((d) => ({ ...d, TermsAndConditionsUrl: v }));
          }}
          error={errors.TermsAndConditionsUrl}
          maw={560}
          data-testid="ci-footer-terms-url"
        />
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!changed}
            data-testid="ci-footer-settings-save"
          >
            {t('shared.opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FooterSection({ payload, locale }: { payload: SettingsPayload; locale: Locale }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>(locale);
  return (
    <Section id="ci-footer" title={t('corporate_identity.footer')}>
      <Stack gap="lg">
        <Text size="sm">{t('corporate_identity.footer_intro')}</Text>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            {locales.map((l) => (
              <Tabs.Tab key={l} value={l} data-testid={`ci-footer-tab-${l}`}>
                {t(`talen.${l}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((l) => (
            <Tabs.Panel key={l} value={l} pt="md">
              <FooterLocale locale={l} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <FooterSettings payload={payload} />
      </Stack>
    </Section>
  );
}

// ── page ────────────────────────────────────────────────────────────────────────────────────

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function CorporateIdentityEditor({ payload, locale }: { payload: SettingsPayload; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Text>{t('corporate_identity.intro')}</Text>
      <ImagesSection />
      <ColoursSection payload={payload} />
      <FooterSection payload={payload} locale={locale} />
    </Stack>
  );
}
