import { Button, Menu } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../api/client';
import { downloadFile } from '../api/download-file';
import { snackbar } from './snackbar/snackbar-store';

type Query = Record<string, string | null | undefined>;

/** The address of a server export (XLSX or CSV); the browser downloads it as the server names it. */
export function exportUrl(path: string, query: Query, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  params.set('format', format);
  return `${API_BASE}${path}?${params}`;
}

/**
 * "Export" with a choice of Excel or CSV. The file is fetched with the user's token (a plain link would arrive
 * without it: the access token lives in memory, decision 0012) and then saved (decision 0016).
 */
export function ExportMenu({ path, query, testId }: { path: string; query: Query; testId: string }) {
  const { t } = useTranslation();
  const save = (format: 'xlsx' | 'csv') =>
    void downloadFile(exportUrl(path, query, format), `export.${format}`).catch((e) => snackbar.error(e));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          mih={44}
          leftSection={<IconTableExport size={18} aria-hidden />}
          data-testid={testId}
        >
          {t('Materieelvoorraad.export.knop')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() => save('xlsx')}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          data-testid={`${testId}-xlsx`}
        >
          {t('Materieelvoorraad.export.xlsx')}
        </Menu.Item>
        <Menu.Item
          onClick={() => save('csv')}
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          data-testid={`${testId}-csv`}
        >
          {t('Materieelvoorraad.export.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
