import type { ConnectionTestAnswer } from '@mp/contract/api/erp-sync';
import { translate } from '@mp/contract/i18n';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { type ErpDeps, erpConnector } from './erp.connector.ts';

/** How long a test connection may take in all (each call also has its own timeout and retries). */
const TEST_TIMEOUT_MS = 60_000;

/**
 * POST Erp/test-connection (decision 0027): admins and holders of BusinessCentral. Asks a token, the company and one
 * page of the custom rental API, and answers each step as a translation key with its text; never the secret.
 */
export async function testErpConnection(ctx: Ctx, deps: ErpDeps): Promise<ConnectionTestAnswer> {
  await requireAccess(ctx, { permission: 'area.write', area: 'BusinessCentral' });
  const connector = await erpConnector(deps);
  const result = await connector.testConnection(AbortSignal.timeout(TEST_TIMEOUT_MS));
  return {
    erp: connector.kind,
    ok: result.ok,
    steps: result.steps.map((s) => ({ ...s, message: translate(ctx.locale, s.code, s.params) })),
  };
}
