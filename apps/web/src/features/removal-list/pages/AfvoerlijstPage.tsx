import { Button } from '@mantine/core';
import { IconTruckReturn } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { QueryState } from '../../../shared/ui/QueryState';
import { EmptyView } from '../../../shared/ui/StateViews';
import { useRemovalList } from '../api/get-removal-list';
import { ProjectLists, ProjectViewSwitch, useProjectView } from '../components/ProjectRemovalLists';
import { RemovalListEditor } from '../components/RemovalListEditor';

// A route chunk of its own: the list does not load the removal wizard's form, schemas and date picker (issue #36).
/** Afvoerlijst: the caller's removal list on the selected location (and the project's, when offered). */
export function AfvoerlijstPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  const project = useProjectView(location?.locationNo ?? null);
  return (
    <AreaPage needsLocation locationMessageKey="Afvoerlijst.kies_locatie">
      {project.offered && location && <ProjectViewSwitch view={project} />}
      {location && (
        <QueryState
          query={query}
          isEmpty={(list) => list.lines.length === 0}
          empty={
            <EmptyView title={t('Afvoerlijst.leeg')} icon={<IconTruckReturn size={28} aria-hidden />}>
              <Button component={Link} to={paths.materieelvoorraad.to()} variant="light" mih={44}>
                {t('routes.Materieelvoorraad')}
              </Button>
            </EmptyView>
          }
        >
          {(list) => <RemovalListEditor locationNo={location.locationNo} list={list} />}
        </QueryState>
      )}
      {project.on && location && <ProjectLists locationNo={location.locationNo} />}
    </AreaPage>
  );
}
