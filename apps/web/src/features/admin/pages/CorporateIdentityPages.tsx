import { useSettingsQuery } from '../../../shared/api/get-settings';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { QueryState } from '../../../shared/ui/QueryState';
import { ErrorView } from '../../../shared/ui/StateViews';
import { CorporateIdentityEditor } from '../components/CorporateIdentityEditor';

/** Admins and AppCorporateIdentity holders (decision 0026); others see why not (the server refuses them anyway). */
function CorporateIdentityGate({ children }: { children: React.ReactNode }) {
  const allowed = useStore(
    sessionStore,
    (s) => s?.user.isAdmin === true || s?.user.canCorporateIdentity === true,
  );
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** Corporate identity: images, colours with preview and contrast check, footer (issue #15 part 3). */
export function CorporateIdentityPage() {
  const locale = useStore(localeStore);
  const query = useSettingsQuery();
  return (
    <AreaPage>
      <CorporateIdentityGate>
        <QueryState query={query}>
          {(payload) => <CorporateIdentityEditor payload={payload} locale={locale} />}
        </QueryState>
      </CorporateIdentityGate>
    </AreaPage>
  );
}
