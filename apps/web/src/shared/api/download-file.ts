import { apiFile } from './client';

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
