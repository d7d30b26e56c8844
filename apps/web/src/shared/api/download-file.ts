import { API_BASE, apiFile } from './client';

/**
 * Downloads a file of the API as the signed-in user: fetched with the token, then saved through a
 * temporary object URL (a link to the API itself would arrive without the token).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiFile(path);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName ?? fallbackName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

type Query = Record<string, string | null | undefined>;

/** The address of a server export (XLSX or CSV); the browser downloads it as the server names it. */
export function exportUrl(path: string, query: Query, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  params.set('format', format);
  return `${API_BASE}${path}?${params}`;
}

/** What an ExportMenu does: fetch the export at `path` with the user's token and save it (decision 0016). */
export const exportDownload =
  (path: string, query: Query) =>
  (format: 'xlsx' | 'csv'): Promise<void> =>
    downloadFile(exportUrl(path, query, format), `export.${format}`);
