import { apiError, idParams } from '@mp/contract/api/common';
import {
  departmentRequest,
  executeInput,
  planInput,
  queue,
  queueQuery,
  returnPhoto,
  statusInput,
} from '@mp/contract/api/department';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addReturnPhoto } from '../modules/orders/index.ts';
import {
  changeRequestStatus,
  getDepartmentRequest,
  listQueue,
  planRequest,
} from '../modules/requests/index.ts';
import type { Deps } from '../platform/deps.ts';
import { imageKinds, readUploads, registerUploads } from '../platform/files/uploads.ts';
import { ctxOf } from '../platform/http/context.ts';
import { uploadForm } from '../platform/http/openapi-schema.ts';
import { departmentOnly } from '../platform/http/route-access.ts';
import { executeRequest } from './execute-request.ts';

/**
 * The equipment department's calls on requests (issue #12, decision 0018), all under Department/requests: the queue,
 * one request, and the actions on it — take, reject or cancel (status), plan, execute, and photos of a return. Each
 * route calls one step: the requests area's (queue, request, status, plan), this folder's execution, the orders
 * area's photos.
 */
export async function processRequestRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploads(app, deps.config);
  const tags = ['Department'];
  const base = '/api/v2.0/Department/requests';
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  app.get(
    base,
    {
      config: departmentOnly,
      schema: {
        tags,
        description:
          "Every customer's requests, rush first, then by requested date; filters by status, kind, customer, location and depot; counts per status under the other filters.",
        querystring: queueQuery,
        response: { 200: queue },
      },
    },
    async (req) => listQueue(ctxOf(req, deps), req.query),
  );

  app.get(
    `${base}/:id`,
    {
      config: departmentOnly,
      schema: {
        tags,
        description:
          'One request as the department plans it: customer, depot, version, picked and candidate plants per numbered line, and the orders it became.',
        params: idParams,
        response: { 200: departmentRequest },
      },
    },
    async (req) => getDepartmentRequest(ctxOf(req, deps), req.params.id),
  );

  app.post(
    `${base}/:id/status`,
    {
      config: departmentOnly,
      schema: {
        tags,
        description:
          'Takes the request (in_progress), rejects or cancels it along the life cycle (docs/decisions/0006); rejecting and cancelling need a note; planned and done only through plan and execute (422 error.status_via_plannen_of_uitvoeren). Answers the request as the department sees it now. 409 error.status_overgang_ongeldig when the request has moved on (details.currentStatus), error.aanvraag_gewijzigd when a version is sent and is not the current one.',
        params: idParams,
        body: statusInput,
        response: { 200: departmentRequest, 409: apiError },
      },
    },
    async (req) => changeRequestStatus(ctxOf(req, deps), mail, req.params.id, req.body),
  );

  app.post(
    `${base}/:id/plan`,
    {
      config: departmentOnly,
      schema: {
        tags,
        description:
          'Plans the request (submitted, in progress or planned → planned): date, depot, transport means and, for a delivery of numbered items, exactly the plants per line. 409 error.aanvraag_gewijzigd when the version is not the current one, error.materieelstuk_al_gekozen when a plant is picked for another request.',
        params: idParams,
        body: planInput,
        response: { 200: departmentRequest, 409: apiError },
      },
    },
    async (req) => planRequest(ctxOf(req, deps), mail, req.params.id, req.body),
  );

  app.post(
    `${base}/:id/execute`,
    {
      config: departmentOnly,
      schema: {
        tags,
        description:
          'Confirms a planned request was carried out: in one transaction the order(s) with lines and costs, the exit order of a removal, the ledger entries and the new stock; the request done. 409 error.aanvraag_gewijzigd on a stale version, error.voorraad_onvoldoende when a source does not hold what leaves it.',
        params: idParams,
        body: executeInput,
        response: { 200: departmentRequest, 409: apiError },
      },
    },
    async (req) => executeRequest(ctxOf(req, deps), { mail, notes: deps }, req.params.id, req.body),
  );

  app.post(
    `${base}/:id/photos`,
    {
      config: departmentOnly,
      schema: {
        ...uploadForm({
          files: { file: imageKinds },
          fields: { lineId: { type: 'string', format: 'uuid' }, caption: { type: 'string', maxLength: 200 } },
          required: ['file'],
        }),
        tags,
        description:
          'A photo of what came back with an executed removal (PNG, JPEG, WebP or GIF by content; re-encoded, metadata stripped) in field `file`; form fields `lineId` (a request line: the photo belongs to that line of the exit order) and `caption`. 409 error.nog_niet_afgevoerd before the removal is executed; 413 too large, 415 other types.',
        params: idParams,
        response: {
          201: returnPhoto,
          409: apiError,
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const { files, fields } = await readUploads(req, deps.config, {
        allowed: imageKinds,
        fileFields: ['file'],
      });
      const photo = await addReturnPhoto(ctx, deps.storage, req.params.id, files[0], fields);
      return reply.code(201).send(photo);
    },
  );
}
