import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { locationLabel } from '@mp/contract/rules/location-filter';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePlantLocations } from '../../../shared/api/get-plant-locations';
import { useSettings } from '../../../shared/api/get-settings';
import { useStore } from '../../../shared/lib/store';
import { selectLocation } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import { QueryState } from '../../../shared/ui/QueryState';
import { useProjectRemovalLists } from '../api/get-removal-list';
import { RemovalListEditor } from './RemovalListEditor';

/**
 * The project view of the removal list (ProjectOverzichten_TonenEnGebruiken): offered when another of the user's
 * locations shares the selected one's project number; chosen in the URL (?weergave=project).
 */
export function useProjectView(locationNo: string | null) {
  const settings = useSettings();
  const locations = usePlantLocations();
  const [params, setParams] = useSearchParams();
  const projectNo = locations.data?.find((l) => l.locationNo === locationNo)?.projectNo ?? null;
  const offered =
    settings.bool('ProjectOverzichten_TonenEnGebruiken') &&
    projectNo !== null &&
    (locations.data ?? []).filter((l) => l.projectNo === projectNo).length > 1;
  return {
    offered,
    projectNo,
    on: offered && params.get('weergave') === 'project',
    show: (on: boolean) => setParams(on ? { weergave: 'project' } : {}, { replace: true }),
  };
}

/** This location's list or the whole project's. */
export function ProjectViewSwitch({ view }: { view: ReturnType<typeof useProjectView> }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('Afvoerlijst.weergave')}
      value={view.on ? 'project' : 'location'}
      onChange={(v) => view.show(v === 'project')}
      data={[
        { value: 'location', label: t('Afvoerlijst.deze_locatie') },
        { value: 'project', label: t('Afvoerlijst.project_titel', { projectNo: view.projectNo }) },
      ]}
      mb="md"
      data-testid="removal-view"
    />
  );
}

/** The lists on the project's other locations, each edited here and processed on its own location. */
export function ProjectLists({ locationNo }: { locationNo: string }) {
  const { t } = useTranslation();
  const query = useProjectRemovalLists(locationNo);
  const locations = usePlantLocations();
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  const others = <L extends { locationNo: string }>(lists: L[]) =>
    lists.filter((l) => l.locationNo !== locationNo);
  return (
    <QueryState
      query={query}
      isEmpty={(data) => others(data.lists).length === 0}
      empty={
        <Text c="dimmed" mt="lg" data-testid="project-empty">
          {t('Afvoerlijst.project_leeg')}
        </Text>
      }
    >
      {(data) => (
        <Stack gap="xl" mt="xl" data-testid="project-lists">
          {others(data.lists).map((list) => {
            const where = locations.data?.find((l) => l.locationNo === list.locationNo);
            const readOnly = !isAdmin && where?.role === 'administration';
            return (
              <Stack key={list.locationNo} gap="sm" component="section" aria-label={list.locationNo}>
                <Title order={2} size="h4">
                  {list.locationNo} – {list.description}
                </Title>
                <RemovalListEditor
                  locationNo={list.locationNo}
                  list={list}
                  elsewhere={{
                    readOnlyKey: readOnly ? 'warning.alleen_lezen_locatie' : null,
                    onSwitch: () =>
                      selectLocation({
                        locationNo: list.locationNo,
                        label: where ? locationLabel(where) : list.locationNo,
                      }),
                  }}
                />
              </Stack>
            );
          })}
        </Stack>
      )}
    </QueryState>
  );
}
