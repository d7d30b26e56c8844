import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PlantLocation } from '@mp/contract/api/shell';
import { descriptionOf, locationLabel } from '@mp/contract/rules/location-filter';
import { IconLock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePlantLocations, useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { AreaPage, WizardSteps } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { NothingSent } from '../../../shared/ui/SentRequest';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { TransportRequestLink } from '../../../shared/ui/TransportRequestLink';
import { LocationData } from '../components/LocationData';
import { WorkAddresses } from '../components/WorkAddresses';
import { LocationRequestForm } from './LocationRequestPages';

function LocationFacts({ location }: { location: PlantLocation }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('Locatie.nummer'), location.locationNo],
    [t('Locatie.omschrijving'), descriptionOf(location)],
    [t('Locatie.omschrijving2'), location.description2 ?? '–'],
    [t('Locatie.projectnummer'), location.projectNo ?? '–'],
    [
      t('Locatie.rol'),
      location.role === 'administration'
        ? t('Locatie.rollen.administration')
        : t('Gebruikers.rollen.gebruiker'),
    ],
  ];
  if (location.customerName) rows.push([t('Gebruikers.klant'), location.customerName]);
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={{ base: 130, sm: 200 }}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Where the selected location's equipment, requests and orders are (the pages that follow the selection). */
function LocationLinks() {
  const { t } = useTranslation();
  const links: [string, string][] = [
    [paths.materieelvoorraad.to(), 'routes.Materieelvoorraad'],
    [paths.aanvragen.to(), 'routes.Materieelaanvragen'],
    [paths.facturen.to(), 'routes.Facturen'],
    [paths.kosten.to(), 'routes.Kosten'],
    [paths.klachten.to(), 'routes.Klachten'],
    [paths.ordersAanvoer.to(), 'routes.OrdersAanvoer'],
    [paths.ordersAfvoer.to(), 'routes.OrdersAfvoer'],
    [paths.ordersNaarVerplaatsing.to(), 'routes.OrdersNaarVerplaatsing'],
    [paths.ordersVanVerplaatsing.to(), 'routes.OrdersVanVerplaatsing'],
    [paths.exitOrders.to(), 'routes.ExitOrders'],
    [paths.locatieDocumenten.to(), 'routes.LocatieDocumenten'],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="nav" aria-labelledby="location-links">
      <Title order={2} size="h5" mb="xs" id="location-links">
        {t('Locatie.op_deze_locatie')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={4} data-testid="location-links">
        {links.map(([to, key]) => (
          <Anchor key={to} component={Link} to={to} py={10}>
            {t(key)}
          </Anchor>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** The selected location's details, and the user's other locations to switch to. */
function Locations({ showOthers }: { showOthers: boolean }) {
  const { t } = useTranslation();
  const selected = useStore(selectedLocationStore);
  const query = usePlantLocations();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return <EmptyView title={t('Locatie.geen_locaties')} icon={<IconMapPin size={28} aria-hidden />} />;
  const current = query.data.find((l) => l.locationNo === selected?.locationNo);
  return (
    <Stack gap="lg">
      {current && (
        <Stack gap="xs">
          <Group gap="xs">
            {current.blocked && (
              <Badge color="red" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
                {t('Locatie.geblokkeerd')}
              </Badge>
            )}
            {current.deregistrationPending && (
              <Badge color="yellow" variant="light" data-testid="location-pending">
                {t('Locatie.in_afwachting')}
              </Badge>
            )}
            {current.role === 'administration' && (
              <Badge variant="light">{t('Locatie.rollen.administration')}</Badge>
            )}
          </Group>
          <LocationFacts location={current} />
          <LocationLinks />
        </Stack>
      )}
      {showOthers && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {query.data.map((l) => (
            <Card
              key={l.locationNo}
              withBorder
              radius="md"
              padding="md"
              component="button"
              type="button"
              onClick={() => selectLocation({ locationNo: l.locationNo, label: locationLabel(l) })}
              aria-pressed={l.locationNo === selected?.locationNo}
              style={{
                textAlign: 'left',
                cursor: 'pointer',
                borderColor:
                  l.locationNo === selected?.locationNo ? 'var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Text fw={600}>{l.locationNo}</Text>
              <Text size="sm">{descriptionOf(l)}</Text>
              {l.description2 && (
                <Text size="sm" c="dimmed">
                  {l.description2}
                </Text>
              )}
              {l.deregistrationPending && (
                <Badge color="yellow" variant="light" mt={6}>
                  {t('Locatie.in_afwachting')}
                </Badge>
              )}
              {l.blocked && (
                <Badge color="red" variant="light" mt={6}>
                  {t('Locatie.geblokkeerd')}
                </Badge>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function LocatiePage() {
  const selected = useStore(selectedLocationStore);
  const { canWrite } = useSelectedLocationAccess();
  const actions = selected && canWrite ? <TransportRequestLink /> : undefined;
  return (
    <AreaPage actions={actions}>
      <Locations showOthers />
    </AreaPage>
  );
}

export function LocatieGegevensPage() {
  const selected = useStore(selectedLocationStore);
  return (
    <AreaPage needsLocation locationMessageKey="Locatie.kies_locatie">
      <Stack gap="lg">
        {selected ? (
          <>
            <LocationData key={`data-${selected.locationNo}`} locationNo={selected.locationNo} />
            <WorkAddresses key={selected.locationNo} locationNo={selected.locationNo} />
          </>
        ) : (
          <Locations showOthers={false} />
        )}
      </Stack>
    </AreaPage>
  );
}

export function LocatieAanvragenPage() {
  const { t } = useTranslation();
  return (
    <AreaPage description={t('Locatie.aanvragen.intro')}>
      <LocationRequestForm />
    </AreaPage>
  );
}

/**
 * The location request just sent (its description in the navigation state). Opened otherwise — directly, a bookmark,
 * another tab — it thanks for nothing: it says that nothing was sent, with the way to the form.
 */
export function LocatieAanvragenVoltooidPage() {
  const { t } = useTranslation();
  const sent = useLocation().state as { description?: string } | null;
  if (!sent?.description)
    return (
      <AreaPage>
        <NothingSent startTo={paths.locatieAanvragen.to()} startLabel={t('routes.LocatieAanvragen')} />
      </AreaPage>
    );
  return (
    <AreaPage>
      <WizardSteps step="voltooid" />
      <Stack gap="xs" data-testid="location-request-done">
        <Text>{t('Locatie.aanvragen.verzonden')}</Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('Locatie.omschrijving')}: {sent.description}
        </Text>
      </Stack>
    </AreaPage>
  );
}

export { MaterieeldienstLocatieAanvragenPage } from './LocationRequestPages';
export { LocatieAanmakenPage, LocatieAfmeldenPage } from './ManageLocationPages';
