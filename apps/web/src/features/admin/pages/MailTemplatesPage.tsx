import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { useMailTemplates } from '../api/mail-templates';
import { MailTemplatesEditor } from '../components/MailTemplatesEditor';
import { AdminGate } from './AdminGate';

/** Mail templates: per mail type and language the subject and text, with preview and test mail (#15 part 4). */
export function MailTemplatesPage() {
  return (
    <AreaPage>
      <AdminGate>
        <MailTemplatesBody />
      </AdminGate>
    </AreaPage>
  );
}

function MailTemplatesBody() {
  const query = useMailTemplates();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  return <MailTemplatesEditor types={query.data} />;
}
