import { CreateUser } from '../components/CreateUser';
import { ImportUsers } from '../components/ImportUsers';
import { UsersList } from '../components/UsersList';
import { UsersGate } from '../components/user-parts';

/** /gebruikers: search, sort and page on the server; the pending filter with approve and reject; edit and delete. */
export const GebruikersPage = () => (
  <UsersGate>
    <UsersList />
  </UsersGate>
);

/** /gebruiker-aanmaken: the form, and an invitation mail with a link to set the password (default on). */
export const GebruikerAanmakenPage = () => (
  <UsersGate>
    <CreateUser />
  </UsersGate>
);

/** /gebruikers-importeren: choose a file, check it (an error per row), import it in one go with progress. */
export const GebruikersImporterenPage = () => (
  <UsersGate>
    <ImportUsers />
  </UsersGate>
);
