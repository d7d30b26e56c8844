import { Navigate } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { QueryState } from '../../../shared/ui/QueryState';
import { DonePage, WizardFrame } from '../../../shared/ui/Wizard';
import { RelocationAfronden } from '../components/RelocationAfronden';
import { RelocationGegevens } from '../components/RelocationGegevens';
import { relocationMemory } from '../components/relocation-form';
import { useRelocationStart } from '../components/use-relocation-start';
import { useWizardList } from '../components/wizard-parts';

/** Verplaatsen, step 1: Gegevens. */
export function VerplaatsenGegevensPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useRelocationStart(locationNo);
  return (
    <WizardFrame step="gegevens">
      {gate ??
        (list && locationNo && (
          <QueryState query={start.query}>
            {() => <RelocationGegevens key={locationNo} locationNo={locationNo} start={start} />}
          </QueryState>
        ))}
    </WizardFrame>
  );
}

/** Verplaatsen, step 2: Afronden — check, accept the terms (when asked), send. */
export function VerplaatsenAfrondenPage() {
  const { list, locationNo, gate } = useWizardList();
  const start = useRelocationStart(locationNo);
  const held = locationNo ? relocationMemory.held(locationNo) : null;
  return (
    <WizardFrame step="afronden">
      {gate ??
        (list && locationNo && (
          <QueryState query={start.query}>
            {() =>
              held?.filled ? (
                <RelocationAfronden list={list} locationNo={locationNo} initial={held.values} start={start} />
              ) : (
                <Navigate to={paths.verplaatsenGegevens.to()} replace />
              )
            }
          </QueryState>
        ))}
    </WizardFrame>
  );
}

/** Verplaatsen, step 3: Voltooid. */
export const VerplaatsenVoltooidPage = () => <DonePage group="Verplaatsen" testId="relocation-done" />;
