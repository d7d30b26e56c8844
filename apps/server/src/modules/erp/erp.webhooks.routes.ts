import rateLimit from '@fastify/rate-limit';
import { erpNotificationQuery, erpNotifications, erpSubscriptionStates } from '@mp/contract/api/erp-webhooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { throttleAddress } from '../../platform/http/client-address.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpOperators } from '../../platform/http/route-access.ts';
import { erpDepsOf } from './erp.deps.ts';
import { readSubscriptions } from './erp.webhooks.read.ts';
import { receiveNotifications, validationEcho } from './erp.webhooks.ts';

/*
 * Erp/notifications, where Business Central posts (decision 0027): a machine endpoint without a session, like the
 * other public calls (`security: []`; the anti-forgery check only concerns requests that carry the portal's cookies,
 * which BC never sends), limited per address. Its answers say nothing: 202 and no body to every well-formed batch,
 * whatever it named; the validation token is echoed only while a subscribe or renewal of the portal waits for it.
 * And GET Erp/subscriptions, where the subscriptions stand, for the Koppelingen page.
 */

/** Per sending address: BC posts one batch per delay (30 s) and its retries; a flood is cut off (429: BC retries). */
const notificationRateLimit = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => throttleAddress(req.ip),
};

export async function erpWebhookRoutes(fastify: FastifyInstance, deps: Deps) {
  await fastify.register(async (scope) => {
    // why: BC's validation request may say application/json with no body; an empty body is then no body here
    const parse = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (String(body).trim() === '') return done(null, undefined);
      parse(req, body as string, (err: Error | null, value?: unknown) => {
        if (err) {
          req.bodyError = err;
          done(null, undefined);
        } else done(null, value);
      });
    });
    await scope.register(rateLimit, { global: false });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/v2.0/Erp/notifications',
      {
        config: { rateLimit: notificationRateLimit },
        // why: one batch holds up to 1,000 entries per subscription (then BC sends one `collection` entry); a 413
        // would end every subscription at BC
        bodyLimit: 16 * 1024 * 1024,
        schema: {
          tags: ['Erp'],
          security: [],
          description:
            "Business Central's webhook notifications (no session: BC calls it). With ?validationToken=, BC's handshake while the portal subscribes or renews: 200 with the token as plain text (404 when the portal is not waiting for one). Else a batch { value: [{ subscriptionId, clientState, resource, changeType, … }] }: each entry whose clientState matches its subscription's queues the delta of that collection's entities (a deleted one also the deletions); the others are ignored. Always 202 without a body for a well-formed batch, an empty POST too (decision 0027).",
          querystring: erpNotificationQuery,
          body: erpNotifications.nullish(),
          response: { 200: z.string(), 202: z.null() },
        },
      },
      async (req, reply) => {
        const token = req.query.validationToken;
        if (token !== undefined) {
          if (!(await validationEcho(deps, token))) throw new AppError('not_found', 'error.niet_gevonden');
          return reply
            .code(200)
            .type('text/plain; charset=utf-8')
            .serializer((s: unknown) => String(s))
            .send(token);
        }
        // an empty POST without a token names nothing: nothing to do, and — as for any batch — no 4xx (BC would end
        // the subscription on one)
        await receiveNotifications(
          { ...erpDepsOf(deps, req), config: deps.config },
          req.body?.value ?? [],
          (n) => {
            // never an entry's clientState: only how many were taken and ignored
            if (n.ignored)
              req.log.warn(n, 'erp.notifications: entries ignored (unknown subscription or clientState)');
            else req.log.info(n, 'erp.notifications');
          },
        );
        return reply.code(202).send(undefined as unknown as null); // an empty body, as declared (no JSON "null")
      },
    );
  });

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/v2.0/Erp/subscriptions',
    {
      config: erpOperators,
      schema: {
        tags: ['Erp'],
        description:
          "Admins and holders of BusinessCentral: the portal's webhook subscriptions at the ERP — per target its entities, state, expiry, creation and last renewal, the last notification and their count, the last error in the caller's language; whether webhooks are on and the notification URL (decision 0027).",
        response: { 200: erpSubscriptionStates },
      },
    },
    async (req) => readSubscriptions(ctxOf(req, deps), deps),
  );
}
