import { createdUser, syncAnswer, userInput, userList, userListQuery } from '@mp/contract/api/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDS_SESSIONS } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpUserSync } from '../erp/index.ts';
import { createUser, deleteUser, listUsers, syncUsers, updateUser } from './users.service.ts';

/*
 * The legacy Gebruiker/* calls that are user management (issue #14 part 5). The other four of the nine
 * (Registreren, WachtwoordWijzigen, WachtwoordVergeten, WachtwoordResetten) are the auth area's
 * (modules/auth/auth.legacy.ts). Same services, same rules as the v2 routes; the bodies take the v2 field names.
 */
export function usersLegacyRoutes(fastify: FastifyInstance, deps: Deps): void {
  const r = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  r.post(
    '/api/Gebruiker/GetGebruikers',
    { schema: { tags, body: userListQuery, response: { 200: userList } } },
    async (req) => listUsers(ctxOf(req, deps), req.body),
  );

  r.post(
    '/api/Gebruiker/GebruikerAanmaken',
    {
      schema: {
        tags,
        body: userInput.extend({ sendEmail: z.boolean().default(true) }),
        response: { 201: createdUser },
      },
    },
    async (req, reply) => {
      const { sendEmail, ...input } = req.body;
      return reply.code(201).send(await createUser(ctxOf(req, deps), mail, input, { sendEmail }));
    },
  );

  r.post(
    '/api/Gebruiker/GebruikerWijzigen',
    {
      config: ENDS_SESSIONS,
      schema: { tags, body: userInput.extend({ id: z.uuid() }), response: { 204: z.null() } },
    },
    async (req, reply) => {
      const { id, ...input } = req.body;
      await updateUser(ctxOf(req, deps), id, input);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/Gebruiker/GebruikerVerwijderen',
    {
      config: ENDS_SESSIONS,
      schema: { tags, body: z.object({ id: z.uuid() }).strict(), response: { 204: z.null() } },
    },
    async (req, reply) => {
      await deleteUser(ctxOf(req, deps), req.body.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/Gebruiker/SyncGebruikers',
    { config: ENDS_SESSIONS, schema: { tags, response: { 200: syncAnswer } } },
    async (req) => syncUsers(ctxOf(req, deps), erpUserSync(deps, req)),
  );
}
