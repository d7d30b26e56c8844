import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBook2,
  IconBox,
  IconBuildingWarehouse,
  IconClipboardList,
  IconFileInvoice,
  IconHistory,
  IconMapPin,
  IconMessageReport,
  IconNews,
  IconTruckDelivery,
  IconTruckReturn,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newsOf, useContentPages } from '../../../shared/api/get-content-pages';
import { useSettings } from '../../../shared/api/get-settings';
import { laterPart, useLaterPart } from '../../../shared/lib/later-part';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { type SelectedLocation, selectedLocationStore } from '../../../shared/session/location';
import { recentlyViewedStore } from '../../../shared/session/recently-viewed';
import { sessionStore } from '../../../shared/session/session';
import { ImagePreview } from '../../../shared/ui/ImagePreview';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView } from '../../../shared/ui/StateViews';
import { useRecentlyViewedInLanguage } from '../api/get-recently-viewed-names';
import classes from './home.module.css';

// The department's day (issue #31 item 14) is a chunk of its own: a customer's Home never loads it.
const DepartmentDay = lazy(() => import('../components/DepartmentDay'));

// The cost card of the selected location (issue #37 point 1): its code after the first paint (Home's first bytes are
// budgeted), its place held meanwhile so nothing below it moves.
const costCard = laterPart(() => import('../components/CostCard'));

function LaterCostCard({ location }: { location: SelectedLocation }) {
  const part = useLaterPart(costCard);
  if (!part) return <div style={{ minHeight: 150 }} data-cost-card-pending />;
  return <part.default location={location} />;
}

function QuickLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.quick}>
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <Text fw={600} fz="sm" style={{ minWidth: 0, overflowWrap: 'break-word', hyphens: 'auto' }}>
        {label}
      </Text>
    </UnstyledButton>
  );
}

const longDates = new Map<string, Intl.DateTimeFormat>();

/** A long date; one formatter per language, made when the first date shows (making one takes a while). */
function longDate(iso: string, language: string): string {
  let format = longDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
    longDates.set(language, format);
  }
  return format.format(new Date(iso));
}

/** The equipment department's shortcuts (instead of the customers': it orders nothing itself). */
function DepartmentLinks() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      <QuickLink
        to={paths.materieeldienst.to()}
        icon={<IconTruckDelivery size={24} />}
        label={t('routes.Materieeldienst')}
      />
      <QuickLink
        to={paths.materieeldienstKlachten.to()}
        icon={<IconMessageReport size={24} />}
        label={t('Klachten.dienst.titel')}
      />
      <QuickLink
        to={paths.materieeldienstFacturatie.to()}
        icon={<IconFileInvoice size={24} />}
        label={t('routes.MaterieeldienstFacturatie')}
      />
      <QuickLink
        to={paths.materieeldienstLocatieAanvragen.to()}
        icon={<IconMapPin size={24} />}
        label={t('Locatie.aanvragen.dienst.titel')}
      />
      <QuickLink to={paths.materieel.to()} icon={<IconBook2 size={24} />} label={t('nav.materieelboek')} />
    </SimpleGrid>
  );
}

/**
 * Home: below the large banner, shortcuts, recently viewed items and news. The equipment department (admins
 * included) sees its day first — new requests, today's deliveries and collections, open complaints — and its own
 * shortcuts.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const settings = useSettings();
  const mayReadContent = user !== null || settings.bool('AllowAnonymousUsers');
  // Kept with the name they had when viewed; shown with the name in the current language.
  const recent = useRecentlyViewedInLanguage(useStore(recentlyViewedStore), mayReadContent);
  const pages = useContentPages(mayReadContent);
  const news = newsOf(pages.data ?? []).slice(0, 5);
  useDocumentTitle(t('routes.Home'));
  const department = user?.isAdmin === true || user?.isDepartment === true;
  const location = useStore(selectedLocationStore);

  return (
    <Stack gap="xl">
      {department && (
        <Suspense fallback={<LoadingBlock minHeight={240} />}>
          <DepartmentDay />
        </Suspense>
      )}
      <section aria-labelledby="home-welcome">
        <Title order={2} id="home-welcome" mb="md">
          {user ? t('Home.welkom_naam', { name: user.name }) : t('Home.welkom')}
        </Title>
        <Text fw={600} c="dimmed" mb="xs">
          {t('Home.snel_naar')}
        </Text>
        {department ? (
          <DepartmentLinks />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: user ? 5 : 2 }} spacing="sm">
            <QuickLink
              to={paths.materieel.to()}
              icon={<IconBook2 size={24} />}
              label={t('nav.materieelboek')}
            />
            <QuickLink to={paths.sets.to()} icon={<IconBox size={24} />} label={t('routes.Sets')} />
            {user && (
              <>
                <QuickLink
                  to={paths.bestellijst.to()}
                  icon={<IconClipboardList size={24} />}
                  label={t('nav.bestellijst')}
                />
                <QuickLink
                  to={paths.afvoerlijst.to()}
                  icon={<IconTruckReturn size={24} />}
                  label={t('nav.afvoerlijst')}
                />
                <QuickLink
                  to={paths.materieelvoorraad.to()}
                  icon={<IconBuildingWarehouse size={24} />}
                  label={t('routes.Materieelvoorraad')}
                />
              </>
            )}
          </SimpleGrid>
        )}
      </section>

      {user && !department && location && <LaterCostCard location={location} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <section aria-labelledby="home-recent">
          <Title order={2} id="home-recent" size="h3" mb="sm">
            {t('Home.recent_bekeken')}
          </Title>
          {recent.length === 0 ? (
            <EmptyView title={t('Home.geen_recent')} icon={<IconHistory size={28} aria-hidden />} />
          ) : (
            <Stack gap="xs">
              {recent.map((item) => (
                <Card key={`${item.kind}-${item.id}`} withBorder padding="sm" radius="md">
                  <Group wrap="nowrap" gap="sm">
                    <ImagePreview src={item.imageUrl} alt={item.description} width={64} height={48} />
                    <div style={{ minWidth: 0 }}>
                      <Anchor
                        component={Link}
                        to={item.kind === 'set' ? paths.set.to(item.id) : paths.details.to(item.id)}
                        fw={600}
                        c="inherit"
                      >
                        {item.kind === 'set' ? `${t('shared.set_label')} ` : ''}
                        {item.description}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {item.id}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </section>

        <section aria-labelledby="home-news">
          <Title order={2} id="home-news" size="h3" mb="sm">
            {t('topbar.nieuws')}
          </Title>
          {!mayReadContent ? null : pages.isPending ? (
            <LoadingBlock minHeight={100} />
          ) : news.length === 0 ? (
            <EmptyView title={t('topbar.geen_nieuws')} icon={<IconNews size={28} aria-hidden />} />
          ) : (
            <Stack gap="xs">
              {news.map((p) => (
                <Card key={p.id} withBorder padding="sm" radius="md">
                  <Anchor component={Link} to={paths.contentPage.to(p.id, p.locale)} fw={600} c="inherit">
                    {p.pageName}
                  </Anchor>
                  {p.publishedAt && (
                    <Text size="xs" c="dimmed">
                      {longDate(p.publishedAt, i18n.language)}
                    </Text>
                  )}
                </Card>
              ))}
            </Stack>
          )}
        </section>
      </SimpleGrid>
    </Stack>
  );
}
