import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { ServiceMessage } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentPages } from '../../../shared/api/get-content-pages';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { htmlToText } from '../../../shared/lib/html-text';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { EmptyView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type MessageInput, useDeleteServiceMessage, useSaveServiceMessage } from '../api/service-messages';

/*
 * Service messages (issue #15 part 6): per language a message with an optional content page and a period of whole
 * days (from the start of the first day to the end of the last, in the admin's time zone; no last day: until it is
 * removed). The bell and the toasts show the active ones (decision 0024).
 */

type AdminMessage = ServiceMessage & { activeFrom: string; activeUntil: string | null };
export type MessageState = 'active' | 'planned' | 'ended';

/** Where a message stands at `now`. */
export function stateOf(m: Pick<AdminMessage, 'activeFrom' | 'activeUntil'>, now = new Date()): MessageState {
  if (new Date(m.activeFrom) > now) return 'planned';
  if (m.activeUntil && new Date(m.activeUntil) <= now) return 'ended';
  return 'active';
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of a moment, 'YYYY-MM-DD'. */
export const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** The first moment of a local day, and the first moment after it, as ISO timestamps. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
export const endOfDay = (day: string) => {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return d.toISOString();
};

const stateColor: Record<MessageState, string> = { active: 'green', planned: 'blue', ended: 'gray' };

interface Draft {
  locale: Locale;
  message: string;
  pageId: string | null;
  from: string | null;
  until: string | null;
}

function MessageDialog({
  message,
  defaultLocale,
  onClose,
}: {
  message: AdminMessage | null;
  defaultLocale: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pages = useContentPages();
  const save = useSaveServiceMessage();
  const [draft, setDraft] = useState<Draft>(() =>
    message
      ? {
          locale: message.locale,
          message: htmlToText(message.message),
          pageId: message.pageId,
          from: dayOf(message.activeFrom),
          // the stored end is the first moment after the last day
          until: message.activeUntil
            ? dayOf(new Date(new Date(message.activeUntil).getTime() - 1).toISOString())
            : null,
        }
      : {
          locale: defaultLocale,
          message: '',
          pageId: null,
          from: dayOf(new Date().toISOString()),
          until: null,
        },
  );
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = () => {
    const local: Record<string, ReactNode> = {};
    if (!draft.message.trim()) local.message = errorNode({ key: 'validation.verplicht' });
    if (!draft.from) local.activeFrom = errorNode({ key: 'validation.verplicht' });
    if (draft.from && draft.until && draft.until < draft.from)
      local.activeUntil = errorNode({ key: 'validation.einde_na_begin' });
    setErrors(local);
    if (Object.keys(local).length || !draft.from) return;
    const input: MessageInput = {
      locale: draft.locale,
      message: draft.message.trim(),
      pageId: draft.pageId,
      activeFrom: startOfDay(draft.from),
      activeUntil: draft.until ? endOfDay(draft.until) : null,
    };
    save.mutate(
      { id: message?.id ?? null, input },
      {
        onSuccess: () => {
          snackbar.success('service_messages.opgeslagen');
          onClose();
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
    <Modal
      opened
      onClose={onClose}
      title={message ? t('service_messages.wijzigen') : t('service_messages.nieuw')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DatesLocale>
          <Stack gap="md">
            <Select
              label={t('shared.taal')}
              data={locales.map((l) => ({ value: l, label: t(`talen.${l}`) }))}
              value={draft.locale}
              onChange={(v) => v && set('locale', v as Locale)}
              allowDeselect={false}
              data-testid="message-locale"
            />
            <Textarea
              label={t('service_messages.bericht')}
              description={t('service_messages.bericht_uitleg')}
              value={draft.message}
              onChange={(e) => set('message', e.currentTarget.value)}
              error={errors.message}
              autosize
              minRows={2}
              maxRows={8}
              required
              data-testid="message-text"
            />
            <Select
              label={t('service_messages.pagina')}
              placeholder={t('service_messages.geen_pagina')}
              data={(pages.data ?? []).map((p) => ({ value: p.id, label: p.pageName }))}
              value={draft.pageId}
              onChange={(v) => set('pageId', v)}
              clearable
              searchable
              error={errors.pageId}
              nothingFoundMessage={t('shared.geen_resultaten')}
              data-testid="message-page"
            />
            <Group grow align="flex-start" wrap="wrap">
              <DateField
                label={t('service_messages.vanaf')}
                value={draft.from}
                onChange={(v) => set('from', v)}
                error={errors.activeFrom}
                required
                testId="message-from"
              />
              <DateField
                label={t('service_messages.tot_en_met')}
                description={t('service_messages.tot_en_met_uitleg')}
                value={draft.until}
                onChange={(v) => set('until', v)}
                minDate={draft.from ?? undefined}
                error={errors.activeUntil}
                clearable
                testId="message-until"
              />
            </Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('shared.annuleren')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="message-save">
                {t('shared.opslaan')}
              </Button>
            </Group>
          </Stack>
        </DatesLocale>
      </form>
    </Modal>
  );
}

export function ServiceMessagesEditor({ messages, locale }: { messages: AdminMessage[]; locale: Locale }) {
  const { t } = useTranslation();
  const format = useFormat();
  const remove = useDeleteServiceMessage();
  const [show, setShow] = useState<'current' | 'all'>('current');
  const [editing, setEditing] = useState<AdminMessage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminMessage | null>(null);
  const now = new Date();
  const shown = messages
    .filter((m) => show === 'all' || stateOf(m, now) !== 'ended')
    .sort((a, b) => b.activeFrom.localeCompare(a.activeFrom));
  const period = (m: AdminMessage) =>
    m.activeUntil
      ? t('service_messages.periode', {
          from: format.day(dayOf(m.activeFrom)),
          until: format.day(dayOf(new Date(new Date(m.activeUntil).getTime() - 1).toISOString())),
        })
      : t('service_messages.periode_open', { from: format.day(dayOf(m.activeFrom)) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label={t('Translations.tonen')}
          value={show}
          onChange={(v) => setShow(v as typeof show)}
          data={[
            { value: 'current', label: t('service_messages.actueel') },
            { value: 'all', label: t('service_messages.alle') },
          ]}
        />
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="message-new"
        >
          {t('service_messages.nieuw')}
        </Button>
      </Group>
      {shown.length === 0 ? (
        <EmptyView title={show === 'all' ? t('service_messages.geen') : t('service_messages.geen_actueel')} />
      ) : (
        <Stack gap="xs">
          {shown.map((m) => {
            const state = stateOf(m, now);
            return (
              <Paper key={m.id} withBorder radius="md" p="sm" data-testid="message-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Badge variant="light" color={stateColor[state]} c="dark.8">
                        {t(`service_messages.status.${state}`)}
                      </Badge>
                      <Badge variant="outline" color="gray" c="dark.8" tt="none">
                        {t(`talen.${m.locale}`)}
                      </Badge>
                      <Text size="sm" c="dimmed">
                        {period(m)}
                      </Text>
                    </Group>
                    <Text size="sm">{htmlToText(m.message)}</Text>
                    {m.pageName && (
                      <Text size="sm" c="dimmed">
                        {t('service_messages.pagina')}: {m.pageName}
                      </Text>
                    )}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('service_messages.wijzigen')}
                      onClick={() => setEditing(m)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('shared.verwijderen')}
                      onClick={() => setDeleting(m)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {editing && (
        <MessageDialog
          message={editing === 'new' ? null : editing}
          defaultLocale={locale}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('service_messages.verwijderen_vraag')}
        message={t('shared.kan_niet_ongedaan')}
        confirmLabel={t('shared.verwijderen')}
        action={() => remove.mutateAsync(deleting?.id ?? '')}
        successKey="service_messages.verwijderd"
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
