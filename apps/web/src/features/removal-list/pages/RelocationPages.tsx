import { paths } from '../../../shared/lib/paths';
import { DonePage, WhenFilled, WizardFrame } from '../../../shared/ui/Wizard';
import { RelocationAfronden } from '../components/RelocationAfronden';
import { RelocationGegevens } from '../components/RelocationGegevens';
import { relocationMemory } from '../components/relocation-form';
import { useRelocationStart } from '../components/use-relocation-start';
import { RemovalListStep } from '../components/wizard-parts';

/** Verplaatsen, step 1: Gegevens. */
export function VerplaatsenGegevensPage() {
  const start = useRelocationStart();
  return (
    <WizardFrame step="gegevens">
      <RemovalListStep start={start.query}>
        {(_, locationNo) => <RelocationGegevens key={locationNo} locationNo={locationNo} start={start} />}
      </RemovalListStep>
    </WizardFrame>
  );
}

/** Verplaatsen, step 2: Afronden — check, accept the terms (when asked), send. */
export function VerplaatsenAfrondenPage() {
  const start = useRelocationStart();
  return (
    <WizardFrame step="afronden">
      <RemovalListStep start={start.query}>
        {(list, locationNo) => (
          <WhenFilled held={relocationMemory.held(locationNo)} gegevensTo={paths.verplaatsenGegevens.to()}>
            {(values) => (
              <RelocationAfronden list={list} locationNo={locationNo} initial={values} start={start} />
            )}
          </WhenFilled>
        )}
      </RemovalListStep>
    </WizardFrame>
  );
}

/** Verplaatsen, step 3: Voltooid. */
export const VerplaatsenVoltooidPage = () => <DonePage group="Verplaatsen" />;
