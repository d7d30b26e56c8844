import { AreaPage } from '../../../shared/ui/AreaPage';

export function FavorietenPage() {
  return <AreaPage />;
}
