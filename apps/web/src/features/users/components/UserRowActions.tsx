import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconMailForward, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { type UserSummary, useApproveUser, useResendInvitation } from '../api/users';

/**
 * What can be done to one user: a pending registration approved or rejected; otherwise invited again (while the
 * invitation is open), edited or deleted (never oneself).
 */
export function UserRowActions({
  u,
  onEdit,
  onDelete,
  onReject,
}: {
  u: UserSummary;
  onEdit: (id: string) => void;
  onDelete: (u: UserSummary) => void;
  onReject: (u: UserSummary) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const myId = useStore(sessionStore, (s) => s?.user.id ?? null);
  const approve = useApproveUser();
  const invite = useResendInvitation();
  return (
    <Group gap={4} wrap={narrow ? 'wrap' : 'nowrap'} justify="flex-end">
      {u.pending ? (
        <>
          <Button
            size="xs"
            h={44}
            color="green.9"
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={approve.isPending && approve.variables === u.id}
            onClick={() =>
              approve.mutate(u.id, {
                onSuccess: () => snackbar.success('Gebruikers.goedgekeurd'),
                onError: (e) => snackbar.error(e),
              })
            }
            data-testid={`user-approve-${u.email}`}
          >
            {t('Gebruikers.goedkeuren')}
          </Button>
          <Button
            size="xs"
            h={44}
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onReject(u)}
            data-testid={`user-reject-${u.email}`}
          >
            {t('Gebruikers.afwijzen')}
          </Button>
        </>
      ) : (
        <>
          {u.invited && !u.disabled && (
            <Button
              size="xs"
              h={44}
              variant="subtle"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={invite.isPending && invite.variables === u.id}
              onClick={() =>
                invite.mutate(u.id, {
                  onSuccess: () => snackbar.success('Gebruikers.uitnodiging_opnieuw_verstuurd'),
                  onError: (e) => snackbar.error(e),
                })
              }
              aria-label={`${t('Gebruikers.opnieuw_uitnodigen')}: ${u.name}`}
              data-testid={`user-invite-${u.email}`}
            >
              {t('Gebruikers.opnieuw_uitnodigen')}
            </Button>
          )}
          <Button
            size="xs"
            h={44}
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => onEdit(u.id)}
            aria-label={`${t('shared.bewerken')}: ${u.name}`}
            data-testid={`user-edit-${u.email}`}
          >
            {t('shared.bewerken')}
          </Button>
          <Button
            size="xs"
            h={44}
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={u.id === myId}
            title={u.id === myId ? t('Gebruikers.niet_zelf') : undefined}
            onClick={() => onDelete(u)}
            aria-label={`${t('shared.verwijderen')}: ${u.name}`}
            data-testid={`user-delete-${u.email}`}
          >
            {t('shared.verwijderen')}
          </Button>
        </>
      )}
    </Group>
  );
}
