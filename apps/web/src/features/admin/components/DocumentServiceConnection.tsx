import type { DocumentServiceTestAnswer } from '@mp/contract/api/documents';
import { IconFileSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useTestDocumentService } from '../api/document-service';
import { ConnectionTestCard } from './ConnectionTestCard';

// Koppelingen (issue #33 point 4, decision 0028): the document service — which one the settings name (after a
// test) and "test connection" step by step (configuration, repository, the folder of the project locations).

export function DocumentServiceConnection() {
  const { t } = useTranslation();
  const test = useTestDocumentService();
  const [answer, setAnswer] = useState<DocumentServiceTestAnswer | null>(null);
  const run = () =>
    test.mutate(undefined, {
      onSuccess: setAnswer,
      onError: (e) => snackbar.error(e, 'Koppelingen.test_fout'),
    });
  return (
    <ConnectionTestCard
      title={t('Koppelingen.documentdienst.titel')}
      subtitle={
        answer ? t(`Koppelingen.documentdienst.${answer.service}`) : t('Koppelingen.documentdienst.uitleg')
      }
      icon={<IconFileSearch size={18} aria-hidden />}
      onTest={run}
      testing={test.isPending}
      steps={answer?.steps ?? null}
      testIds={{
        card: 'document-service',
        subtitle: 'document-service-kind',
        button: 'document-service-test',
        steps: 'document-service-steps',
      }}
    />
  );
}
