import type { DocumentServiceTestAnswer } from '@mp/contract/api/documents';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// The document service's part of the Koppelingen page (issue #33 point 4, decision 0028).

/** POST /api/v2.0/DocumentService/test-connection: how far the portal gets (configuration, repository, folder). */
export function useTestDocumentService() {
  return useMutation({
    mutationFn: (): Promise<DocumentServiceTestAnswer> =>
      api.post('/DocumentService/test-connection', undefined, {
        answer: (c) => c.documents.documentServiceTest,
      }),
  });
}
