import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AreaPage, type WizardStep, WizardSteps } from '../../../shared/ui/AreaPage';

export function MaterieelvoorraadPage() {
  return <AreaPage needsLocation />;
}

export function MaterieelvoorraadDetailsPage() {
  const { t } = useTranslation();
  const { id = '', number = '' } = useParams();
  return (
    <AreaPage needsLocation>
      <Text>
        {t('shared.artikelnummer')}: {id} · {t('shared.materieelnummer')}: {number}
      </Text>
    </AreaPage>
  );
}

export function VoorraadverloopPage() {
  const { t } = useTranslation();
  const { soort = '', nummer = '' } = useParams();
  return (
    <AreaPage needsLocation>
      <Text>
        {t('shared.artikelnummer')}: {soort} · {t('shared.materieelnummer')}: {nummer}
      </Text>
    </AreaPage>
  );
}

export function AlleMaterieelvoorraadPage() {
  return <AreaPage />;
}

export function MaterieelkeuringenPage() {
  return <AreaPage needsLocation />;
}

export function MaterieelZoekenLocatiesPage() {
  return <AreaPage />;
}

function StockWizardStep({ step }: { step: WizardStep }) {
  return (
    <AreaPage needsLocation>
      <WizardSteps step={step} />
    </AreaPage>
  );
}
export const VerplaatsenGegevensPage = () => <StockWizardStep step="gegevens" />;
export const VerplaatsenAfrondenPage = () => <StockWizardStep step="afronden" />;
export const VerplaatsenVoltooidPage = () => <StockWizardStep step="voltooid" />;
export const TransportGegevensPage = () => <StockWizardStep step="gegevens" />;
export const TransportAfrondenPage = () => <StockWizardStep step="afronden" />;
export const TransportVoltooidPage = () => <StockWizardStep step="voltooid" />;
