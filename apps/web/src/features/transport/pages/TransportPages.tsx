import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { DonePage, WhenFilled, WizardFrame } from '../../../shared/ui/Wizard';
import { TransportAfronden } from '../components/TransportAfronden';
import { TransportGegevens } from '../components/TransportGegevens';
import { transportMemory } from '../components/transport-form';
import { TransportGate, useTransportStart } from '../components/use-transport-start';

/** Transport aanvragen, step 1: Gegevens. */
export function TransportGegevensPage() {
  // why here and not in useTransportStart: Afronden must not follow the address (it re-rendered on the way to
  // Voltooid, found the form already forgotten and went back to Gegevens)
  const [search] = useSearchParams();
  const start = useTransportStart({
    cargo: search.get('lading') ?? undefined,
    comment: search.get('opmerking') ?? undefined,
  });
  return (
    <WizardFrame step="gegevens">
      <TransportGate start={start}>
        {(locationNo) => <TransportGegevens key={locationNo} locationNo={locationNo} start={start} />}
      </TransportGate>
    </WizardFrame>
  );
}

/** Transport aanvragen, step 2: Afronden — check, accept the terms (when asked), send. */
export function TransportAfrondenPage() {
  const start = useTransportStart();
  return (
    <WizardFrame step="afronden">
      <TransportGate start={start}>
        {(locationNo) => (
          <WhenFilled held={transportMemory.held(locationNo)} gegevensTo={paths.transportGegevens.to()}>
            {(values) => <TransportAfronden locationNo={locationNo} initial={values} start={start} />}
          </WhenFilled>
        )}
      </TransportGate>
    </WizardFrame>
  );
}

/** Transport aanvragen, step 3: Voltooid. */
export const TransportVoltooidPage = () => <DonePage group="TransportAanvraag" />;
