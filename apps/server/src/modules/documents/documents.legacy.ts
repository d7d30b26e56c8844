import { locationNumber, requireOneOf } from '@mp/contract/api/common';
import type { LocationDocument } from '@mp/contract/api/documents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { sendStoredFile } from '../../platform/http/send-file.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { documentServiceDepsOf } from './document-service/deps.ts';
import { documentContent } from './documents.service.ts';
import {
  listItemDocuments,
  listLocationDocuments,
  listPlantDocuments,
} from './location-documents.service.ts';

/*
 * The legacy RPC calls of the documents (product §7): MaterieelDocuments/* — four. Each answers the data of its v2
 * twin in the old client's Dutch field names, with the v2 access rule:
 * - GetMaterieeLocatieDocs   → GET PlantLocations/{plantLocation}/documents
 * - GetMaterieelDetailsDocs  → the documents of GET Items/{itemNo}
 * - GetMaterieelUniekDetailsDocs → a numbered plant's documents (each one GET Documents/{id} describes)
 * - DownloadDocument         → GET Documents/{documentSystemId}/content (the same bytes and headers)
 */

/** A document in the old client's names. */
const documentDto = (d: LocationDocument) => ({
  documentSystemId: d.id,
  titel: d.title,
  categorie: d.category,
  bestandsnaam: d.fileName,
  bestandstype: d.contentType,
  grootte: d.size,
  datum: d.date,
  url: d.url,
});

const itemNo = z.string().trim().min(1).max(50);

export function documentsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/MaterieelDocuments/GetMaterieeLocatieDocs',
    {
      schema: {
        tags,
        description:
          "GET PlantLocations/{plantLocation}/documents in the old client's names: zoekString and categorie filter as query and category do; pagina / aantalPerPagina (up to 250, default 250) page.",
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            zoekString: z.string().trim().max(100).nullish(),
            categorie: z.string().trim().min(1).max(100).nullish(),
            pagina: z.number().int().min(1).max(100_000).nullish(),
            aantalPerPagina: z.number().int().min(1).max(250).nullish(),
          })
          .passthrough(),
        response: {
          200: legacyAnswer({
            documenten: legacyRows,
            categorieen: legacyRows,
            totaal: z.number().int(),
            pagina: z.number().int(),
          }),
        },
      },
    },
    async (req) => {
      const b = req.body;
      const r = await listLocationDocuments(
        ctxOf(req, deps),
        b.materieelLocatieNr,
        {
          query: b.zoekString ?? undefined,
          category: b.categorie ?? undefined,
          page: b.pagina ?? 1,
          pageSize: b.aantalPerPagina ?? 250,
        },
        documentServiceDepsOf(deps, req),
      );
      return {
        materieelLocatieNr: r.locationNo,
        documenten: r.items.map(documentDto),
        categorieen: r.categories.map((c) => ({ categorie: c.category, aantal: c.count })),
        totaal: r.total,
        pagina: r.page,
      };
    },
  );

  app.post(
    '/api/MaterieelDocuments/GetMaterieelDetailsDocs',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description:
          "The documents of GET Items/{materieelSoort} (manuals: category Documenten_CategorieDocumenten) in the old client's names; like the item's details (AppDetails, anonymous only with AllowAnonymousUsers); an unknown item answers 404.",
        body: z
          .object({
            materieelSoort: itemNo,
            materieelLocatieNr: locationNumber.nullish(),
            taal: z.string().nullish(),
          })
          .passthrough(),
        response: { 200: legacyAnswer({ documenten: legacyRows }) },
      },
    },
    async (req) => ({
      documenten: (await listItemDocuments(ctxOf(req, deps), req.body.materieelSoort)).map(documentDto),
    }),
  );

  app.post(
    '/api/MaterieelDocuments/GetMaterieelUniekDetailsDocs',
    {
      schema: {
        tags,
        description:
          "A numbered plant's documents (its inspection certificates …, then its item's manuals) in the old client's names, for the members of the location it stands on (materieelLocatieNr) with AppMaterieelvoorraad; any other plant or location answers 404 alike. Each: GET Documents/{documentSystemId}.",
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            materieelNummer: itemNo,
            materieelSoort: itemNo.nullish(),
          })
          .passthrough(),
        response: { 200: legacyAnswer({ documenten: legacyRows }) },
      },
    },
    async (req) => ({
      documenten: (
        await listPlantDocuments(ctxOf(req, deps), req.body.materieelLocatieNr, req.body.materieelNummer)
      ).map(documentDto),
    }),
  );

  app.post(
    '/api/MaterieelDocuments/DownloadDocument',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description:
          'GET Documents/{documentSystemId}/content: the file with the same headers and the same rule (decision 0009: a document of a location, or of a plant, order or invoice at one, only for its members; unknown and foreign answer 404 alike).',
        body: requireOneOf(
          z
            .object({
              documentSystemId: z.string().trim().min(1).max(200).optional(),
              id: z.string().trim().min(1).max(200).optional(),
            })
            .passthrough(),
          ['documentSystemId', 'id'],
        ),
        response: { 200: fileAnswer('The file, in its own type (PDF and images inline).', fileTypes.any) },
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await documentContent(
          ctxOf(req, deps),
          deps.storage,
          (req.body.documentSystemId ?? req.body.id) as string,
          documentServiceDepsOf(deps, req),
        ),
      ),
  );
}
