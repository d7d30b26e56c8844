import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AreaPage, WizardSteps, type WizardStep } from '../../../shared/ui/AreaPage';

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

function wizard(step: WizardStep) {
  return function Step() {
    return (
      <AreaPage needsLocation>
        <WizardSteps step={step} />
      </AreaPage>
    );
  };
}
export const VerplaatsenGegevensPage = wizard('gegevens');
export const VerplaatsenAfrondenPage = wizard('afronden');
export const VerplaatsenVoltooidPage = wizard('voltooid');
export const TransportGegevensPage = wizard('gegevens');
export const TransportAfrondenPage = wizard('afronden');
export const TransportVoltooidPage = wizard('voltooid');
