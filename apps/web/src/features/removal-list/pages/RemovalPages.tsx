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
import { DonePage, WhenFilled, WizardFrame } from '../../../shared/ui/Wizard';
import { useRemovalList } from '../api/get-removal-list';
import { ProjectLists, ProjectViewSwitch, useProjectView } from '../components/ProjectRemovalLists';
import { RemovalAfronden } from '../components/RemovalAfronden';
import { RemovalGegevens } from '../components/RemovalGegevens';
import { RemovalListEditor } from '../components/RemovalListEditor';
import { removalMemory } from '../components/removal-form';
import { useRemovalStart } from '../components/use-removal-start';
import { RemovalListStep } from '../components/wizard-parts';

/** Afvoerlijst: the caller's removal list on the selected location (and the project's, when offered). */
export function AfvoerlijstPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const query = useRemovalList();
  const project = useProjectView(location?.locationNo ?? null);
  return (
    <AreaPage needsLocation>
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

/** Afvoeren, step 1: Gegevens. */
export function AfvoerenGegevensPage() {
  const start = useRemovalStart();
  return (
    <WizardFrame step="gegevens">
      <RemovalListStep start={start.query}>
        {(_, locationNo) => <RemovalGegevens key={locationNo} locationNo={locationNo} start={start} />}
      </RemovalListStep>
    </WizardFrame>
  );
}

/** Afvoeren, step 2: Afronden — check, accept the terms (when asked), send. */
export function AfvoerenAfrondenPage() {
  const start = useRemovalStart();
  return (
    <WizardFrame step="afronden">
      <RemovalListStep start={start.query}>
        {(list, locationNo) => (
          <WhenFilled held={removalMemory.held(locationNo)} gegevensTo={paths.afvoerenGegevens.to()}>
            {(values) => (
              <RemovalAfronden list={list} locationNo={locationNo} initial={values} start={start} />
            )}
          </WhenFilled>
        )}
      </RemovalListStep>
    </WizardFrame>
  );
}

/** Afvoeren, step 3: Voltooid — the request number and a link to it; the form and the list are reset. */
export const AfvoerenVoltooidPage = () => <DonePage group="Afvoeren" />;
