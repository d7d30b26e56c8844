import { CloseButton, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import classes from './snackbar.module.css';
import { dismissSnackbar, type SnackbarKind, snackbarStore } from './snackbar-store';

const look: Record<SnackbarKind, { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'green.8', Icon: IconCircleCheck },
  info: { color: 'brand', Icon: IconInfoCircle },
  warning: { color: 'yellow.7', Icon: IconAlertTriangle },
  danger: { color: 'red.8', Icon: IconX },
};

/** One snackbar at a time at the bottom of the screen, announced politely to screen readers. */
export function SnackbarHost() {
  const { t, i18n } = useTranslation();
  const current = useStore(snackbarStore, (s) => s.current);
  let text = '';
  if (current) {
    // why: an error's text with {{values}} (counts, names) is only complete in the server's message, which has them
    const needsValues =
      current.text !== undefined &&
      !current.params &&
      /\{\{/.test(String(i18n.getResource(i18n.language, 'translation', current.key ?? '') ?? ''));
    if (current.key && i18n.exists(current.key) && !needsValues) text = t(current.key, current.params);
    else text = current.text ?? (current.key ? t('error.algemene_error') : '');
  }
  return (
    <div
      className={classes.host}
      role="status"
      aria-live={current?.kind === 'danger' ? 'assertive' : 'polite'}
    >
      {current && (
        <Paper
          key={current.id}
          className={classes.snackbar}
          shadow="lg"
          radius="md"
          withBorder
          data-kind={current.kind}
        >
          <ThemeIcon color={look[current.kind].color} variant="light" radius="xl" size="lg" aria-hidden>
            {(() => {
              const Icon = look[current.kind].Icon;
              return <Icon size={20} />;
            })()}
          </ThemeIcon>
          <Text size="sm" className={classes.text} data-testid="snackbar">
            {text}
          </Text>
          <CloseButton onClick={dismissSnackbar} aria-label={t('shared.sluiten')} size="lg" />
        </Paper>
      )}
    </div>
  );
}
