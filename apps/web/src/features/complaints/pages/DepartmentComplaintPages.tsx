import { Anchor, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageQueryState } from '../../../shared/ui/QueryState';
import { ErrorView } from '../../../shared/ui/StateViews';
import { useQueueComplaint } from '../api/complaints';
import { AnswerForm } from '../components/ComplaintAnswer';
import { Conversation } from '../components/ComplaintConversation';
import { ComplaintFacts } from '../components/ComplaintFacts';
import { ComplaintDocuments } from '../components/ComplaintFiles';
import { ComplaintQueue } from '../components/ComplaintQueue';
import { Fact } from '../components/complaint-parts';

// The equipment department's complaint screens (issue #13 part 5): every customer's complaints by status, and one
// complaint to answer and move to another status. The user is mailed by the server.

function DepartmentGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isDepartment === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** /materieeldienst/klachten: the queue. */
export function MaterieeldienstKlachtenPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        description={t('Klachten.dienst.uitleg')}
        actions={
          <Anchor component={Link} to={paths.materieeldienst.to()} py={10}>
            {t('routes.Materieeldienst')}
          </Anchor>
        }
      />
      <DepartmentGate>
        <ComplaintQueue />
      </DepartmentGate>
    </>
  );
}

/** /materieeldienst/klachten/{id}: one complaint, answered and moved from here. */
export function MaterieeldienstKlachtPage() {
  return (
    <DepartmentGate>
      <AnswerView />
    </DepartmentGate>
  );
}

function AnswerView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageQueryState query={useQueueComplaint(id)} errorKey="Klachten.klacht_ophalen_error">
      {(c) => (
        <>
          <PageHeader
            title={`${c.complaintNo} – ${c.subject}`}
            actions={
              <Anchor component={Link} to={paths.materieeldienstKlachten.to()} py={10}>
                {t('Klachten.dienst.naar_wachtrij')}
              </Anchor>
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            <Stack gap="md">
              <ComplaintFacts
                c={c}
                orderLink={false}
                extra={
                  <>
                    <Fact label={t('Klachten.dienst.klant')}>
                      {[c.customerName, c.customerNo].filter(Boolean).join(' · ')}
                    </Fact>
                    <Fact label={t('Klachten.dienst.gebruiker_email')}>{c.userEmail ?? ''}</Fact>
                  </>
                }
              />
              <ComplaintDocuments c={c} mayAdd department />
            </Stack>
            <Conversation c={c}>
              <AnswerForm c={c} />
            </Conversation>
          </SimpleGrid>
        </>
      )}
    </PageQueryState>
  );
}
