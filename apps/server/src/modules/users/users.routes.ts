import { apiError } from '@mp/contract/api/common';
import {
  createdUser,
  createUserQuery,
  importJob,
  importPreview,
  inviteUserQuery,
  MAX_IMPORT_BYTES,
  queryBool,
  syncAnswer,
  userDetail,
  userFormOptions,
  userInput,
  userList,
  userListQuery,
} from '@mp/contract/api/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDS_SESSIONS } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpUserSync } from '../erp/index.ts';
import { previewImport, readImport, startImport } from './users.import.ts';
import { usersLegacyRoutes } from './users.legacy.ts';
import {
  approve,
  createUser,
  deleteUser,
  formOptions,
  getUser,
  listUsers,
  readMe,
  reject,
  resendInvitation,
  syncUsers,
  updateUser,
} from './users.service.ts';

const me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  internalExternal: z.enum(['Internal', 'External']),
  language: z.string(),
  phone: z.string().nullable(),
  customerId: z.string().nullable(),
  permissions: z.array(z.string()),
  areas: z.record(z.string(), z.array(z.enum(['read', 'write']))),
  locations: z.array(
    z.object({
      id: z.string(),
      locationNo: z.string(),
      description: z.string(),
      description2: z.string().nullable(),
      projectNumber: z.string().nullable(),
      blocked: z.boolean(),
      role: z.enum(['user', 'administration']),
    }),
  ),
});

const idParams = z.object({ id: z.uuid() });
const access =
  'Admins manage every user; a key user (keyuser permission) the non-admin users of its own customer (decision 0023). ' +
  'Anyone else 403; a user outside the caller reach answers 404 like an unknown id.';

/** The import file: base64 of a CSV or XLSX file (at most MAX_IMPORT_BYTES). */
export const importFile = z
  .object({
    fileName: z.string().trim().max(255).optional(),
    content: z
      .string()
      .min(1)
      .max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/=\r\n]+$/, 'validation.ongeldig_formaat'),
  })
  .strict();
export const bytesOf = (content: string) => Buffer.from(content, 'base64');
const importBodyLimit = Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 64 * 1024;
/** How a file is refused (platform/files/table-reader.ts): its type, its unpacked size, or while others are read. */
const importFileErrors = { 413: apiError, 415: apiError, 429: apiError };
const importFileRules =
  'Neither CSV nor XLSX by its content: 415; unpacking too large: 413; more than 10,000 rows (reading stops there) or ' +
  'a file that cannot be read (a broken zip or sheet, XML with a DOCTYPE): 422; two files being read already: 429 ' +
  'with Retry-After.';

export async function usersRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  app.get(
    '/api/v2.0/Users/me',
    {
      schema: {
        tags,
        description: 'The signed-in user with their locations (role per location) and functional areas.',
        response: { 200: me },
      },
    },
    async (req) => readMe(ctxOf(req, deps)),
  );

  app.get(
    '/api/v2.0/Users',
    {
      schema: {
        tags,
        description: `The users: search (name, e-mail, customer), sort, page; pending=true: registrations that wait for approval. ${access}`,
        querystring: userListQuery,
        response: { 200: userList },
      },
    },
    async (req) => listUsers(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/Users/syncusers',
    {
      config: ENDS_SESSIONS,
      schema: {
        tags,
        description:
          'Admins: the sync with the ERP. With an ERP connected its portal users are synced (decision 0027): queued ' +
          '(erp.sync.gestart) or, without the job runner, run now with the counts (erp.sync.klaar); a user the ERP ' +
          'blocks or deletes loses every session at once. Without an ERP (decision 0023): users without a customer ' +
          'are linked to the customer whose e-mail domain they share (code Gebruikers.sync_geen_erp).',
        response: { 200: syncAnswer },
      },
    },
    async (req) => syncUsers(ctxOf(req, deps), erpUserSync(deps, req)),
  );

  app.get(
    '/api/v2.0/Users/options',
    {
      schema: {
        tags,
        description: `What the caller may hand out in the user form: areas and roles, a fixed customer and kind. ${access}`,
        response: { 200: userFormOptions },
      },
    },
    async (req) => formOptions(ctxOf(req, deps)),
  );

  app.get(
    '/api/v2.0/Users/:id',
    { schema: { tags, description: `One user. ${access}`, params: idParams, response: { 200: userDetail } } },
    async (req) => getUser(ctxOf(req, deps), req.params.id),
  );

  app.post(
    '/api/v2.0/Users',
    {
      schema: {
        tags,
        description:
          'Creates a user (201); sendEmail (default true) mails an invitation with a single-use link to set a password ' +
          `(72 hours), in the language of the query or else the user's. 422 Gebruikers.email_bestaat on email. ${access}`,
        querystring: createUserQuery,
        body: userInput,
        response: { 201: createdUser },
      },
    },
    async (req, reply) => {
      const created = await createUser(ctxOf(req, deps), mail, req.body, req.query);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/v2.0/Users/:id',
    {
      config: ENDS_SESSIONS,
      schema: {
        tags,
        description: `Changes a user (204); disabled=true ends every session at once. ${access}`,
        params: idParams,
        body: userInput,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await updateUser(ctxOf(req, deps), req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v2.0/Users/:id',
    {
      config: ENDS_SESSIONS,
      schema: {
        tags,
        description: `Deletes a user (204); every session ends at once. Not oneself (422). ${access}`,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteUser(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Users/:id/approve',
    {
      schema: {
        tags,
        description: `Approves an account that registered itself (it cannot sign in before) and mails its user. ${access}`,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await approve(ctxOf(req, deps), mail, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Users/:id/invite',
    {
      schema: {
        tags,
        description:
          'Mails a new invitation (204) to a user who has not set a password yet; earlier invitation links stop ' +
          'working. 422 Gebruikers.uitnodiging_niet_nodig (the user can sign in already), ' +
          'Gebruikers.uitnodiging_geblokkeerd (blocked), Gebruikers.uitnodiging_net_verstuurd (one a minute). ' +
          access,
        params: idParams,
        querystring: inviteUserQuery,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await resendInvitation(ctxOf(req, deps), mail, req.params.id, req.query.language);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Users/:id/reject',
    {
      schema: {
        tags,
        description: `Rejects a registration that waits for approval: the account is removed (an approved one: 422). ${access}`,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await reject(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Users/import/preview',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        description: `What importing the file (CSV or XLSX, base64) would do per row, or each row's errors. Writes nothing. ${importFileRules} ${access}`,
        body: importFile,
        response: { 200: importPreview, ...importFileErrors },
      },
    },
    async (req) => previewImport(ctxOf(req, deps), bytesOf(req.body.content)),
  );

  app.post(
    '/api/v2.0/Users/import',
    {
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        description:
          'Starts the import (202): the rows are checked again and written in one transaction in the background — ' +
          'nothing while any row has an error; GET Users/import/{id} tells the progress. Users are matched by e-mail. ' +
          `The file is read before answering: ${importFileRules} ${access}`,
        querystring: z.object({ sendEmail: queryBool.default(false) }).strict(),
        body: importFile,
        response: { 202: z.object({ id: z.string() }), ...importFileErrors },
      },
    },
    async (req, reply) => {
      const started = await startImport(
        ctxOf(req, deps),
        { ...mail, log: req.log },
        bytesOf(req.body.content),
        req.query.sendEmail,
      );
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/v2.0/Users/import/:id',
    {
      schema: {
        tags,
        description: 'The progress and outcome of an import the caller started (someone else’s: 404).',
        params: idParams,
        response: { 200: importJob },
      },
    },
    async (req) => readImport(ctxOf(req, deps), req.params.id),
  );

  usersLegacyRoutes(fastify, deps);
}
