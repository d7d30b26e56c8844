import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { type ComplaintStatus, complaintStatuses, complaintStatusKey } from '@mp/contract/rules/complaints';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type DepartmentComplaint, useAnswerComplaint } from '../api/complaints';
import { ErrorText } from './complaint-parts';

/** The department's answer: a message to the user and/or a new status (the server mails the user). */
export function AnswerForm({ c }: { c: DepartmentComplaint }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<ComplaintStatus>(c.status);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const answer = useAnswerComplaint();
  return (
    <Paper withBorder radius="md" p="md" mt="md" bg="var(--mantine-color-body)">
      <Title order={3} size="h5" mb={4}>
        {t('Klachten.dienst.antwoord')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('Klachten.dienst.antwoord_uitleg')}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim() && status === c.status)
            return setErrors({ message: t('Klachten.validatie.status_ongewijzigd') });
          setErrors({});
          answer.mutate(
            {
              id: c.id,
              message: message.trim() || undefined,
              status: status !== c.status ? status : undefined,
            },
            {
              onSuccess: () => {
                setMessage('');
                snackbar.success('Klachten.dienst.verzonden');
              },
              onError: (err) => setErrors(serverFieldErrors(err) ?? { message: <ErrorText error={err} /> }),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('Klachten.bericht_toevoegen')}
            placeholder={t('Klachten.bericht_placeholder')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={4000}
            error={errors.message}
            data-testid="answer-message"
          />
          <Select
            label={t('Klachten.dienst.nieuwe_status')}
            data={complaintStatuses.map((s) => ({ value: s, label: t(complaintStatusKey[s]) }))}
            value={status}
            onChange={(v) => v && setStatus(v as ComplaintStatus)}
            allowDeselect={false}
            error={errors.status}
            styles={{ input: { minHeight: 44 } }}
            data-testid="answer-status"
          />
          <Group justify="flex-end">
            <Button type="submit" mih={44} loading={answer.isPending} data-testid="answer-send">
              {t('Klachten.dienst.versturen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
