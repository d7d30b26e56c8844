import { apiError } from '@mp/contract/api/common';
import { reportAnswer, reportExportQuery, reportQuery } from '@mp/contract/api/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { sendExport } from '../../platform/http/send-file.ts';
import { exportReport } from './reports.export.ts';
import { reportsLegacy } from './reports.legacy.ts';
import { readReports } from './reports.service.ts';

export async function reportsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Reports'];

  app.get(
    '/api/v2.0/Reports',
    {
      schema: {
        tags,
        description:
          'Requests and orders by status over the last `months`, open indicators and outstanding costs as of today, for one location (scope=location&plantLocation=) or a customer (scope=customer; admins may pass customerId, or none for every customer; others get their own). AppRapportage (403 without); a location or customer out of reach answers 404.',
        querystring: reportQuery,
        response: { 200: reportAnswer, 422: apiError },
      },
    },
    async (req) => readReports(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/Reports/export',
    {
      schema: {
        tags,
        description: 'One report of GET Reports (the same scope and rules) as XLSX or CSV.',
        querystring: reportExportQuery,
        response: {
          200: fileAnswer('The XLSX or CSV file, as an attachment.', fileTypes.table),
          422: apiError,
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const answer = await readReports(ctx, req.query);
      return sendExport(reply, exportReport(ctx, answer, req.query.report, req.query.format));
    },
  );

  reportsLegacy(app, deps);
}
