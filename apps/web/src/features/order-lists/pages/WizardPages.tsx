import { DonePage, WizardFrame } from '../../../shared/ui/Wizard';
import { OrderAfrondenStep, OrderGegevensStep } from '../components/wizard/OrderSteps';
import { OrderListGate, useOrderStart } from '../components/wizard/use-order-start';

/** Bestellen, step 1: Gegevens. */
export function BestellenGegevensPage() {
  const start = useOrderStart();
  return (
    <WizardFrame step="gegevens">
      <OrderListGate>
        {(list, locationNo) => <OrderGegevensStep list={list} locationNo={locationNo} start={start} />}
      </OrderListGate>
    </WizardFrame>
  );
}

/** Bestellen, step 2: Afronden — check, accept the terms (when asked), send. */
export function BestellenAfrondenPage() {
  const start = useOrderStart();
  return (
    <WizardFrame step="afronden">
      <OrderListGate>{(list) => <OrderAfrondenStep list={list} start={start} />}</OrderListGate>
    </WizardFrame>
  );
}

/**
 * Bestellen, step 3: Voltooid — the request just sent, its number and a link to it; the form and the list are reset.
 * Opened otherwise it thanks for nothing: a request the address names opens its own page, and without one the page
 * says that nothing was sent.
 */
export const BestellenVoltooidPage = () => <DonePage group="Bestellen" />;
