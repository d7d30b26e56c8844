import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from './dropdowns/DeferredMenu';
import { snackbar } from './snackbar/snackbar-store';

/**
 * "Export" with a choice of Excel or CSV. The file is fetched with the user's token (a plain link would arrive
 * without it: the access token lives in memory, decision 0012) and then saved (decision 0016). The menu's code comes
 * at the first use (DeferredMenu): a page with an export does not load Menu, Popover and Floating UI before its
 * first render (decision 0003).
 */
export function ExportMenu({
  onExport,
  testId,
  label,
}: {
  /** Fetches and saves the file (shared/api/download-file.ts `exportDownload`). */
  onExport: (format: 'xlsx' | 'csv') => Promise<void>;
  testId: string;
  /** The button's text, when not "Exporteren" of the stock pages. */
  label?: string;
}) {
  const { t } = useTranslation();
  const save = (format: 'xlsx' | 'csv') => void onExport(format).catch((e) => snackbar.error(e));
  return (
    <DeferredMenu
      width={230}
      target={(props) => (
        <Button
          {...props}
          variant="default"
          mih={44}
          leftSection={<IconTableExport size={18} aria-hidden />}
          data-testid={testId}
        >
          {label ?? t('Materieelvoorraad.export.knop')}
        </Button>
      )}
    >
      {(M) => (
        <>
          <M.Item
            onClick={() => save('xlsx')}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            data-testid={`${testId}-xlsx`}
          >
            {t('Materieelvoorraad.export.xlsx')}
          </M.Item>
          <M.Item
            onClick={() => save('csv')}
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            data-testid={`${testId}-csv`}
          >
            {t('Materieelvoorraad.export.csv')}
          </M.Item>
        </>
      )}
    </DeferredMenu>
  );
}
