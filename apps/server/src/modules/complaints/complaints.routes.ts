import { apiError, idParams } from '@mp/contract/api/common';
import {
  complaintAnswerInput,
  complaintDetail,
  complaintDocuments,
  complaintInput,
  complaintLineInput,
  complaintList,
  complaintListQuery,
  complaintOptions,
  complaintOptionsQuery,
  complaintQueue,
  complaintQueueQuery,
  departmentComplaint,
  MAX_COMPLAINT_FILE_BYTES,
  MAX_COMPLAINT_FILES,
} from '@mp/contract/api/complaints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { documentKinds, readUploads, registerUploads } from '../../platform/files/uploads.ts';
import { ctxOf } from '../../platform/http/context.ts';
import {
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaders,
  idempotencyKeyOf,
} from '../../platform/http/idempotency.ts';
import { fileAnswer, fileTypes, uploadForm } from '../../platform/http/openapi-schema.ts';
import { departmentOnly } from '../../platform/http/route-access.ts';
import { sendStoredFile } from '../../platform/http/send-file.ts';
import { answerComplaint, getQueueComplaint, listQueue } from './complaints.department.ts';
import { addDepartmentDocuments, addUserDocuments, readDocument } from './complaints.files.ts';
import { complaintsLegacy } from './complaints.legacy.ts';
import {
  addUserLine,
  createComplaint,
  getComplaint,
  listComplaints,
  listManagementComplaints,
  complaintOptions as optionsOf,
} from './complaints.service.ts';

const docParams = z.object({ id: z.guid(), documentId: z.guid() });
const access =
  "Needs AppKlachten and the complaint's location to be the caller's (or the caller management of its customer): another customer's complaint answers 404 like an unknown one.";
const idempotency =
  'Requires the Idempotency-Key header (400 without): a retry with the same key answers the same complaint (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict.';
const uploadRules = `Multipart, up to ${MAX_COMPLAINT_FILES} files in fields file1…file${MAX_COMPLAINT_FILES} (or file): PDF, PNG, JPEG, WebP or GIF by content (anything else, an SVG or HTML renamed .png included, 415 error.bestandstype), at most ${MAX_COMPLAINT_FILE_BYTES / 1024 / 1024} MiB each (413 error.te_groot); photos are re-encoded (metadata dropped). One refused file stores nothing. At most 20 documents per complaint (422 Klachten.te_veel_documenten).`;
export const uploadOptions = {
  allowed: documentKinds,
  maxFiles: MAX_COMPLAINT_FILES,
  maxBytes: MAX_COMPLAINT_FILE_BYTES,
};
const fileFields = ['file', ...Array.from({ length: MAX_COMPLAINT_FILES }, (_, i) => `file${i + 1}`)];
/** The form of both document uploads, for the API document. */
const documentsForm = uploadForm({
  files: Object.fromEntries(fileFields.map((f) => [f, documentKinds])),
  atLeastOneFile: true,
});

/** Complaints (klachten, issue #13 part 5): the user's pages, the department's queue, and the legacy Klachten calls. */
export async function complaintsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploads(app, deps.config);
  const tags = ['Complaints'];
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  const uploads = (req: FastifyRequest) => readUploads(req, deps.config, { ...uploadOptions, fileFields });

  app.get(
    '/api/v2.0/Complaints',
    {
      schema: {
        tags,
        description: `The complaints of plantLocation (Klachten), or without it those of every location of the caller (Klachtenoverzicht), newest first; filtered by status and words in the number or subject. ${access}`,
        querystring: complaintListQuery,
        response: { 200: complaintList },
      },
    },
    async (req) => listComplaints(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/Complaints/management',
    {
      schema: {
        tags,
        description:
          "Klachtenoverzicht directie: every complaint of every location of the caller's customer, whether or not the caller is a member there. Needs the named role management (else 403); plantLocation narrows it to one location of that customer (another's: 404).",
        querystring: complaintListQuery,
        response: { 200: complaintList },
      },
    },
    async (req) => listManagementComplaints(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/Complaints/options',
    {
      schema: {
        tags,
        description:
          'What the complaint form offers for plantLocation: the types (setting Klacht_TypeFilter; empty: all), the working days until the expected resolution (Klacht_VerwachteOplossingsDagen), and the items and plants that have been on the location, its orders and its invoices.',
        querystring: complaintOptionsQuery,
        response: { 200: complaintOptions },
      },
    },
    async (req) => optionsOf(ctxOf(req, deps), req.query.plantLocation),
  );

  app.post(
    '/api/v2.0/Complaints',
    {
      schema: {
        tags,
        description: `Submits a complaint (201) about plantLocation (write access: the read-only role administration gets 403): a type of Klacht_TypeFilter (else 400 on type), subject and description (its first line), optionally itemNo / plantNo (that have been on the location), orderNo / invoiceNo (of the location) — one that is not the location's answers 400 with the field code Klachten.validatie.niet_van_locatie. The expected resolution date is today + Klacht_VerwachteOplossingsDagen working days (Monday–Friday). The department is mailed. ${idempotency}`,
        headers: idempotencyHeaders,
        body: complaintInput,
        response: { 201: complaintDetail, 422: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const answer = await createComplaint(ctx, mail, req.body, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.get(
    '/api/v2.0/Complaints/:id',
    {
      schema: {
        tags,
        description: `One complaint: status, expected resolution date, what it is about, the conversation (lines of the user and the department, oldest first) and the documents; mayAdd tells whether the caller may reply now. ${access}`,
        params: idParams,
        response: { 200: complaintDetail },
      },
    },
    async (req) => getComplaint(ctxOf(req, deps), { id: req.params.id }),
  );

  app.post(
    '/api/v2.0/Complaints/:id/lines',
    {
      schema: {
        tags,
        description: `A reply of the user (201) while the complaint is not closed (409 Klachten.gesloten); a resolved complaint goes back to in progress; the department is mailed. Write access to the location (administration: 403). ${access}`,
        params: idParams,
        body: complaintLineInput,
        response: { 201: complaintDetail, 409: apiError },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await addUserLine(ctxOf(req, deps), mail, { id: req.params.id }, req.body.message)),
  );

  app.post(
    '/api/v2.0/Complaints/:id/documents',
    {
      schema: {
        ...documentsForm,
        tags,
        description: `Adds documents (201) to a complaint that is not closed (409 Klachten.gesloten). ${uploadRules} ${access}`,
        params: idParams,
        response: { 201: complaintDocuments, 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      // the complaint is checked before a byte is read (a foreign one: 404)
      await getComplaint(ctx, { id: req.params.id });
      const { files } = await uploads(req);
      return reply.code(201).send(await addUserDocuments(ctx, deps.storage, { id: req.params.id }, files));
    },
  );

  app.get(
    '/api/v2.0/Complaints/:id/documents/:documentId',
    {
      schema: {
        tags,
        description: `The bytes of one document (photos and PDFs inline; private, no-cache). ${access}`,
        params: docParams,
        response: { 200: fileAnswer('The photo or PDF.', fileTypes.document) },
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await readDocument(ctxOf(req, deps), deps.storage, req.params.id, req.params.documentId),
      ),
  );

  // ── the equipment department (decision 0018: admins and internal users with `department`) ──────
  const dept = '/api/v2.0/Department/complaints';
  const deptTags = ['Department'];

  app.get(
    dept,
    {
      config: departmentOnly,
      schema: {
        tags: deptTags,
        description:
          "Every customer's complaints: open first, then in progress, resolved, closed; oldest first within each; filtered by status and words in the number, subject, location number or customer name; counts per status under the word filter.",
        querystring: complaintQueueQuery,
        response: { 200: complaintQueue },
      },
    },
    async (req) => listQueue(ctxOf(req, deps), req.query),
  );

  app.get(
    `${dept}/:id`,
    {
      config: departmentOnly,
      schema: {
        tags: deptTags,
        description:
          'One complaint as the department answers it: with the customer and the e-mail of its user.',
        params: idParams,
        response: { 200: departmentComplaint },
      },
    },
    async (req) => getQueueComplaint(ctxOf(req, deps), req.params.id),
  );

  app.post(
    `${dept}/:id/answer`,
    {
      config: departmentOnly,
      schema: {
        tags: deptTags,
        description:
          "A message to the user and / or a new status (open, in_progress, resolved, closed — any other than the current one, reopening included); at least one (400 on message, or on status when it is the current one without a message). Mails the complaint's user in their language.",
        params: idParams,
        body: complaintAnswerInput,
        response: { 200: departmentComplaint },
      },
    },
    async (req) => answerComplaint(ctxOf(req, deps), mail, req.params.id, req.body),
  );

  app.post(
    `${dept}/:id/documents`,
    {
      config: departmentOnly,
      schema: {
        ...documentsForm,
        tags: deptTags,
        description: `Adds the department's documents (201), also to a closed complaint. ${uploadRules}`,
        params: idParams,
        response: { 201: complaintDocuments },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      await getQueueComplaint(ctx, req.params.id);
      const { files } = await uploads(req);
      return reply.code(201).send(await addDepartmentDocuments(ctx, deps.storage, req.params.id, files));
    },
  );

  app.get(
    `${dept}/:id/documents/:documentId`,
    {
      config: departmentOnly,
      schema: {
        tags: deptTags,
        description:
          'The bytes of one document of any complaint (photos and PDFs inline; private, no-cache).',
        params: docParams,
        response: { 200: fileAnswer('The photo or PDF.', fileTypes.document) },
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await readDocument(ctxOf(req, deps), deps.storage, req.params.id, req.params.documentId, true),
      ),
  );

  complaintsLegacy(app, deps, { mail, uploads: (req) => readUploads(req, deps.config, uploadOptions) });
}
