import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type ComplaintDetail, useAddLine } from '../api/complaints';
import { ErrorText } from './complaint-parts';

/** The lines of the user and the department, oldest first. */
export function Conversation({ c, children }: { c: ComplaintDetail; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('Klachten.gesprek')}
      </Title>
      <Stack gap="sm" data-testid="complaint-lines">
        {c.lines.map((l) => {
          const dept = l.author === 'department';
          return (
            <Paper
              key={l.id}
              radius="md"
              p="sm"
              bg={dept ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
              ml={dept ? 0 : { base: 'md', sm: 'xl' }}
              mr={dept ? { base: 'md', sm: 'xl' } : 0}
              data-testid="complaint-line"
              data-author={l.author}
            >
              <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                <Text size="sm" fw={700}>
                  {l.authorName ?? (dept ? t('Klachten.materieeldienst') : '')}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.dateTime(l.createdAt)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {l.message}
              </Text>
            </Paper>
          );
        })}
      </Stack>
      {children}
    </Paper>
  );
}

/** The user's reply (while the complaint is not closed) or why there is none. */
export function ReplyForm({ c }: { c: ComplaintDetail }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<ReactNode>(null);
  const add = useAddLine();
  if (c.status === 'closed')
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock aria-hidden />}
        mt="md"
        data-testid="complaint-closed"
      >
        {t('Klachten.gesloten')}
      </Alert>
    );
  if (!c.mayAdd) return null;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!message.trim()) return setError(t('validation.verplicht'));
        setError(null);
        add.mutate(
          { id: c.id, message: message.trim() },
          {
            onSuccess: () => {
              setMessage('');
              snackbar.success('Klachten.bericht_verzonden');
            },
            onError: (err) => setError(serverFieldErrors(err)?.message ?? <ErrorText error={err} />),
          },
        );
      }}
    >
      <Stack gap="xs" mt="md">
        <Textarea
          label={t('Klachten.bericht_toevoegen')}
          placeholder={t('Klachten.bericht_placeholder')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
          error={error}
          data-testid="complaint-reply"
        />
        <Group justify="flex-end">
          <Button type="submit" mih={44} loading={add.isPending} data-testid="complaint-reply-send">
            {t('Klachten.versturen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
