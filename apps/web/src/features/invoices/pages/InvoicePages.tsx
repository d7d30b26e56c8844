import { AreaPage } from '../../../shared/ui/AreaPage';

export function FacturenPage() {
  return <AreaPage needsLocation />;
}

export function LocatieDocumentenPage() {
  return <AreaPage needsLocation />;
}
