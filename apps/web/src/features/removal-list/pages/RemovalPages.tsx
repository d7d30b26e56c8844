import { paths } from '../../../shared/lib/paths';
import { DonePage, WhenFilled, WizardFrame } from '../../../shared/ui/Wizard';
import { RemovalAfronden } from '../components/RemovalAfronden';
import { RemovalGegevens } from '../components/RemovalGegevens';
import { removalMemory } from '../components/removal-form';
import { useRemovalStart } from '../components/use-removal-start';
import { RemovalListStep } from '../components/wizard-parts';

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
