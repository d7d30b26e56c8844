import { useEffect } from 'react';

export const APP_NAME = 'Materieelportaal';

/** Sets the browser tab title: "<page> | Materieelportaal". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
