import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { MailTemplateList, MailTemplatePreview } from '@mp/contract/api/mail-templates';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { type MailTemplateType, unknownMailPlaceholders } from '@mp/contract/rules/mail-templates';
import { IconEye, IconMailForward, IconRestore } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  usePreviewMailTemplate,
  useResetMailTemplate,
  useSaveMailTemplate,
  useSendTestMail,
} from '../api/mail-templates';

/*
 * Mail templates (issue #15 part 4, decision 0024): per mail type and language the subject and the HTML, with the
 * placeholders that type fills in (click to insert at the cursor); an unknown one is flagged while typing and refused by
 * the server. The body is edited as HTML, not in the rich-text editor: a mail's buttons and colours are inline styles,
 * which the editor would drop. Preview and test mail use the unsaved text.
 */

type TypeEntry = MailTemplateList['types'][number];
type Field = 'subject' | 'html';

interface Draft {
  subject: string;
  html: string;
}

const short: Record<Locale, string> = { 'nl-NL': 'NL', 'en-US': 'EN', 'fr-FR': 'FR', 'de-DE': 'DE' };

export function MailTemplatesEditor({ types }: { types: TypeEntry[] }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ type: MailTemplateType; locale: Locale }>(() => ({
    type: types[0]?.type ?? 'UserInvitation',
    locale: 'nl-NL',
  }));
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<typeof target | null>(null);

  const go = (next: typeof target) => {
    if (dirty) setPending(next);
    else setTarget(next);
  };
  const entry = types.find((x) => x.type === target.type);
  const template = entry?.templates.find((x) => x.locale === target.locale);

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('MailTemplates.intro')}</Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('MailTemplates.soort')}
          data={types.map((x) => ({ value: x.type, label: t(`MailTemplates.types.${x.type}.naam`) }))}
          value={target.type}
          onChange={(v) => v && go({ ...target, type: v as MailTemplateType })}
          allowDeselect={false}
          w={{ base: '100%', sm: 340 }}
          data-testid="mail-type"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="mail-locale-label">
            {t('shared.taal')}
          </Text>
          <SegmentedControl
            aria-labelledby="mail-locale-label"
            data={locales.map((l) => ({ value: l, label: <span title={t(`talen.${l}`)}>{short[l]}</span> }))}
            value={target.locale}
            onChange={(v) => go({ ...target, locale: v as Locale })}
            data-testid="mail-locale"
          />
        </Stack>
      </Group>
      {entry && template && (
        <TemplateForm
          key={`${target.type}/${target.locale}/${template.updatedAt ?? 'default'}`}
          entry={entry}
          template={template}
          onDirty={setDirty}
        />
      )}
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('MailTemplates.niet_opgeslagen_titel')}
        message={t('MailTemplates.niet_opgeslagen_tekst')}
        confirmLabel={t('MailTemplates.verwerpen')}
        testId="mail-discard"
        action={() => {
          if (pending) setTarget(pending);
          setDirty(false);
        }}
      />
    </Stack>
  );
}

function TemplateForm({
  entry,
  template,
  onDirty,
}: {
  entry: TypeEntry;
  template: TypeEntry['templates'][number];
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [draft, setDraft] = useState<Draft>({ subject: template.subject, html: template.html });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, ReactNode>>>({});
  const [preview, setPreview] = useState<MailTemplatePreview | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const lastField = useRef<Field>('html');
  const inputs = { subject: useRef<HTMLInputElement>(null), html: useRef<HTMLTextAreaElement>(null) };
  const save = useSaveMailTemplate();
  const reset = useResetMailTemplate();
  const previewCall = usePreviewMailTemplate();
  const test = useSendTestMail();
  const where = { type: template.type, locale: template.locale };
  const changed = draft.subject !== template.subject || draft.html !== template.html;

  const update = (field: Field, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    onDirty(next.subject !== template.subject || next.html !== template.html);
  };

  // Flagged while typing; the server refuses them too.
  const unknown = (field: Field): ReactNode => {
    const names = unknownMailPlaceholders(template.type, draft[field]);
    return names.length ? t('MailTemplates.onbekende_placeholder', { names: names.join(', ') }) : null;
  };
  const errors: Record<Field, ReactNode> = {
    subject:
      unknown('subject') ?? serverErrors.subject ?? (draft.subject.trim() ? null : t('validation.verplicht')),
    html: unknown('html') ?? serverErrors.html ?? (draft.html.trim() ? null : t('validation.verplicht')),
  };
  const invalid = Boolean(errors.subject || errors.html);

  const insert = (name: string) => {
    const field = lastField.current;
    const el = inputs[field].current;
    const text = `{{${name}}}`;
    const value = draft[field];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    update(field, value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const onError = (e: unknown) => {
    const fields = serverFieldErrors(e);
    if (fields) setServerErrors(fields as Partial<Record<Field, ReactNode>>);
    snackbar.error(e);
  };
  const input = { subject: draft.subject, html: draft.html };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid || !changed) return;
        save.mutate(
          { ...where, input },
          {
            onSuccess: () => {
              onDirty(false);
              snackbar.success('MailTemplates.opgeslagen');
            },
            onError,
          },
        );
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t(`MailTemplates.types.${template.type}.naam`)} · {t(`talen.${template.locale}`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`MailTemplates.types.${template.type}.uitleg`)}
            </Text>
          </div>
          {template.isDefault ? (
            <Badge variant="light" color="gray" c="dark.8" data-testid="mail-state">
              {t('MailTemplates.standaard')}
            </Badge>
          ) : (
            <Badge variant="light" color="blue" c="dark.8" data-testid="mail-state">
              {t('MailTemplates.aangepast', { date: f.dateTime(template.updatedAt ?? '') })}
            </Badge>
          )}
        </Group>
        <TextInput
          ref={inputs.subject}
          label={t('MailTemplates.onderwerp')}
          value={draft.subject}
          onChange={(e) => update('subject', e.currentTarget.value)}
          onFocus={() => {
            lastField.current = 'subject';
          }}
          error={errors.subject}
          maxLength={200}
          required
          data-testid="mail-subject"
        />
        <Textarea
          ref={inputs.html}
          label={t('MailTemplates.inhoud')}
          description={t('MailTemplates.inhoud_uitleg')}
          value={draft.html}
          onChange={(e) => update('html', e.currentTarget.value)}
          onFocus={() => {
            lastField.current = 'html';
          }}
          error={errors.html}
          autosize
          minRows={8}
          maxRows={24}
          required
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid="mail-html"
        />
        <section aria-labelledby="mail-fields-title">
          <Text size="sm" fw={600} id="mail-fields-title">
            {t('MailTemplates.velden')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('MailTemplates.velden_uitleg')}
          </Text>
          <Group gap={6} wrap="wrap">
            {entry.placeholders.map((name) => (
              <Button
                key={name}
                size="compact-sm"
                variant="light"
                ff="monospace"
                title={t(`MailTemplates.veld.${name}`)}
                aria-label={t('MailTemplates.invoegen', {
                  name: `{{${name}}}`,
                  description: t(`MailTemplates.veld.${name}`),
                })}
                onClick={() => insert(name)}
                data-testid="mail-placeholder"
              >
                {`{{${name}}}`}
              </Button>
            ))}
          </Group>
        </section>
        <Group gap="sm" wrap="wrap">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!changed || invalid}
            mih={44}
            data-testid="mail-save"
          >
            {t('shared.opslaan')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconEye size={18} />}
            disabled={invalid}
            loading={previewCall.isPending}
            mih={44}
            data-testid="mail-preview"
            onClick={() => previewCall.mutate({ ...where, input }, { onSuccess: setPreview, onError })}
          >
            {t('MailTemplates.voorbeeld_tonen')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconMailForward size={18} />}
            disabled={invalid}
            loading={test.isPending}
            mih={44}
            data-testid="mail-test"
            onClick={() =>
              test.mutate(
                { ...where, input },
                {
                  onSuccess: (r) => snackbar.success('MailTemplates.test_verstuurd', { to: r?.to ?? '' }),
                  onError,
                },
              )
            }
          >
            {t('MailTemplates.test_versturen')}
          </Button>
          {!template.isDefault && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconRestore size={18} />}
              mih={44}
              onClick={() => setConfirmReset(true)}
              data-testid="mail-reset"
            >
              {t('MailTemplates.herstellen')}
            </Button>
          )}
        </Group>
        {preview && (
          <Paper withBorder radius="md" p="md" data-testid="mail-preview-pane">
            <Text size="sm" c="dimmed">
              {t('MailTemplates.voorbeeld_uitleg')}
            </Text>
            <Text fw={600} my="xs" data-testid="mail-preview-subject">
              {t('MailTemplates.onderwerp')}: {preview.subject}
            </Text>
            <Paper withBorder radius="sm" p="md" bg="white" data-testid="mail-preview-body">
              <SafeHtml html={preview.html} keepStyles />
            </Paper>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('MailTemplates.herstellen')}
        message={t('MailTemplates.herstellen_vraag', {
          type: t(`MailTemplates.types.${template.type}.naam`),
          language: t(`talen.${template.locale}`),
        })}
        confirmLabel={t('MailTemplates.herstellen')}
        action={async () => {
          await reset.mutateAsync(where);
          onDirty(false);
        }}
        successKey="MailTemplates.hersteld"
      />
    </form>
  );
}
