import { imageUploadMaxBytes, imageUploadTypes } from '@mp/contract/api/images';

/*
 * The browser's check of an image chosen for upload (category images, corporate identity, content pages): the
 * types and size the server takes. The server checks the content again; this only says so before the upload.
 */

/** The size as the admin reads it: "1,5 MB" in Dutch, "1.5 MB" in English. */
export const megabytes = (bytes: number, locale: string) =>
  `${(bytes / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;

/** What the file input offers (its `accept`). */
export const imageAccept = imageUploadTypes.join(',');

/** Why a file cannot be uploaded as an image (a translation key with its values), or null when it can. */
export function imageFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  locale: string,
): { key: string; params: Record<string, string> } | null {
  if (!(imageUploadTypes as readonly string[]).includes(file.type))
    return { key: 'shared.afbeelding_type_fout', params: { name: file.name } };
  if (file.size > imageUploadMaxBytes)
    return {
      key: 'shared.afbeelding_te_groot',
      params: {
        name: file.name,
        size: megabytes(file.size, locale),
        max: megabytes(imageUploadMaxBytes, locale),
      },
    };
  return null;
}
