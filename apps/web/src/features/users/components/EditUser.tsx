import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { QueryState } from '../../../shared/ui/QueryState';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useUpdateUser, useUser, useUserFormOptions } from '../api/users';
import { initialValues, UserForm } from './UserForm';

/** A user's form in the list's dialog. */
export function EditUser({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUser(id);
  const options = useUserFormOptions();
  const update = useUpdateUser();
  const myId = useStore(sessionStore, (s) => s?.user.id ?? null);
  return (
    <QueryState query={user}>
      {(u) => (
        <QueryState query={options}>
          {(o) => (
            <UserForm
              options={o}
              initial={initialValues(o, u)}
              isSelf={u.id === myId}
              submitLabel={t('shared.opslaan')}
              pending={update.isPending}
              onSubmit={async (input) => {
                await update.mutateAsync({ id, input });
                snackbar.success('Gebruikers.gewijzigd');
                onDone();
              }}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
