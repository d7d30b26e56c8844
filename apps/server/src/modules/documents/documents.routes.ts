import { plantLocationParams, urlReference } from '@mp/contract/api/common';
import {
  documentServiceTest,
  locationDocumentList,
  locationDocumentsQuery,
} from '@mp/contract/api/documents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { erpOperators } from '../../platform/http/route-access.ts';
import { sendStoredFile } from '../../platform/http/send-file.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { documentServiceDepsOf } from './document-service/deps.ts';
import { documentsLegacy } from './documents.legacy.ts';
import { documentContent, documentInfo } from './documents.service.ts';
import { listLocationDocuments } from './location-documents.service.ts';
import { testDocumentService } from './service-documents.ts';

const params = z.object({ documentSystemId: z.string().trim().min(1).max(200) });

export const documentInfoSchema = z.object({
  documentSystemId: z.string(),
  category: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  documentDate: z.string().nullable(),
  url: urlReference,
});

const access =
  "An item's document like the item's details (anonymous only with AllowAnonymousUsers); a document of a location, or of a plant, order or invoice at one, only for that location's members and admins; else 404.";

export async function documentsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Documents'];

  app.get(
    '/api/v2.0/Documents/:documentSystemId',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `What a document is: title, category, file name, type, size, date and the content URL. ${access}`,
        params,
        response: { 200: documentInfoSchema },
      },
    },
    async (req) =>
      documentInfo(ctxOf(req, deps), req.params.documentSystemId, documentServiceDepsOf(deps, req)),
  );

  app.get(
    '/api/v2.0/Documents/:documentSystemId/content',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `The document's file. ${access}`,
        params,
        response: { 200: fileAnswer('The file, in its own type (PDF and images inline).', fileTypes.any) },
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await documentContent(
          ctxOf(req, deps),
          deps.storage,
          req.params.documentSystemId,
          documentServiceDepsOf(deps, req),
        ),
      ),
  );

  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/documents',
    {
      schema: {
        tags,
        description:
          "Locatiedocumenten: the documents filed under plantLocation (site documents, delivery and removal notes, invoices …) with each category's count, by category (Documenten_LocatieCategorieen's order, else alphabetical), newest first; only those whose title or file name matches Documenten_LocatieDocumentNaamFilter; query (words in the title or file name) and category filter; paged (pageSize up to 250). Needs the functional area Documenten (403) and the location to be the caller's (its members, the read-only role too, and admins): another customer's or an unknown location answers 404 alike. An invoice's document needs AppMaterieelFacturen and an order's its kind's area, else it is left out. Each file: GET Documents/{id}/content.",
        params: plantLocationParams,
        querystring: locationDocumentsQuery,
        response: { 200: locationDocumentList },
      },
    },
    async (req) =>
      listLocationDocuments(
        ctxOf(req, deps),
        req.params.plantLocation,
        req.query,
        documentServiceDepsOf(deps, req),
      ),
  );

  app.post(
    '/api/v2.0/DocumentService/test-connection',
    {
      config: erpOperators,
      schema: {
        tags,
        description:
          'Admins and holders of BusinessCentral: tests the connection to the document service (CMIS browser binding) with the saved settings DocumentService_* — the repository, the folder of the project locations — and answers each step as a translation key and its text (decision 0028). Without DocumentService_Url: documentdienst.niet_gekoppeld. Never returns the password.',
        response: { 200: documentServiceTest },
      },
    },
    async (req) => testDocumentService(ctxOf(req, deps), documentServiceDepsOf(deps, req)),
  );

  documentsLegacy(app, deps);
}
