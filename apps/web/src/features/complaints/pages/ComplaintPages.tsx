import { Anchor, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageQueryState } from '../../../shared/ui/QueryState';
import { useComplaint } from '../api/complaints';
import { Conversation, ReplyForm } from '../components/ComplaintConversation';
import { ComplaintFacts } from '../components/ComplaintFacts';
import { ComplaintDocuments } from '../components/ComplaintFiles';
import { ComplaintForm } from '../components/ComplaintForm';
import { ComplaintListView } from '../components/ComplaintList';
import { ComplaintListLinks } from '../components/ComplaintListLinks';

// The customer's complaint pages (klachten, issue #13 part 5): the selected location's complaints, all of mine,
// the management overview, the form, and one complaint with its conversation and documents. Errors show as
// errors with the server's reason, never as an empty list.

const detailLink = (id: string) => paths.klachtDetails.to(id);

/** /klachten: the selected location's complaints. */
export function KlachtenPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  return (
    <>
      <PageHeader
        description={location ? t('Klachten.uitleg_locatie', { location: location.locationNo }) : undefined}
        actions={<ComplaintListLinks current="location" />}
      />
      {location ? (
        <ComplaintListView
          key={location.locationNo}
          scope={{ kind: 'location', locationNo: location.locationNo }}
          link={detailLink}
        />
      ) : (
        <LocationPrompt messageKey="Klachten.kies_locatie" />
      )}
    </>
  );
}

/** /klachten-overzicht: the complaints of every location of mine. */
export function KlachtenOverzichtPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        description={t('Klachten.uitleg_overzicht')}
        actions={<ComplaintListLinks current="mine" />}
      />
      <ComplaintListView scope={{ kind: 'mine' }} link={detailLink} />
    </>
  );
}

/** /klachten-overzicht-directie: every complaint of my organisation (management; others see the server's 403). */
export function KlachtenOverzichtDirectiePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        description={t('Klachten.uitleg_directie')}
        actions={<ComplaintListLinks current="management" />}
      />
      <ComplaintListView scope={{ kind: 'management' }} link={detailLink} />
    </>
  );
}

/** /klachten-aanmaken: the form for the selected location. */
export function KlachtenAanmakenPage() {
  const location = useStore(selectedLocationStore);
  return (
    <>
      <PageHeader />
      {location ? (
        <ComplaintForm key={location.locationNo} locationNo={location.locationNo} />
      ) : (
        <LocationPrompt messageKey="Klachten.kies_locatie_aanmaken" />
      )}
    </>
  );
}

/** /klacht-details/{id}: status, expected date, the conversation and the documents; reply while not closed. */
export function KlachtDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageQueryState query={useComplaint(id)} errorKey="Klachten.klacht_ophalen_error">
      {(c) => (
        <>
          <PageHeader title={`${c.complaintNo} – ${c.subject}`} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
            <Stack gap="md">
              <ComplaintFacts c={c} />
              <ComplaintDocuments c={c} mayAdd={c.mayAdd} />
            </Stack>
            <Conversation c={c}>
              <ReplyForm c={c} />
            </Conversation>
          </SimpleGrid>
          <Group mt="md">
            <Anchor component={Link} to={paths.klachten.to()} py={10}>
              {t('routes.Klachten')}
            </Anchor>
          </Group>
        </>
      )}
    </PageQueryState>
  );
}
