import type { ErpSubscriptionStates } from '@mp/contract/api/erp-webhooks';
import { translate } from '@mp/contract/i18n';
import type { Config } from '../../config.ts';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { erpEnabled } from './erp.connector.ts';
import { selectSubscriptions } from './erp.webhooks.queries.ts';
import { notificationUrlOf, webhooksEnabled } from './erp.webhooks.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * GET Erp/subscriptions (decision 0027): admins and holders of BusinessCentral. Where each webhook subscription
 * stands — never its clientState.
 */
export async function readSubscriptions(
  ctx: Ctx,
  deps: { config: Pick<Config, 'ERP' | 'BC_AUTHORITY_URL' | 'ERP_WEBHOOKS' | 'publicUrl'> },
): Promise<ErpSubscriptionStates> {
  await requireAccess(ctx, { permission: 'area.read', area: 'BusinessCentral' });
  const on = webhooksEnabled(deps.config);
  const now = Date.now();
  return {
    erp: erpEnabled(deps) ? 'business-central' : 'none',
    webhooks: on,
    notificationUrl: on ? notificationUrlOf(deps.config) : null,
    subscriptions: (await selectSubscriptions(ctx.db)).map((r) => {
      const active = !!r.subscriptionId && !!r.expiresAt && r.expiresAt.getTime() > now;
      return {
        target: r.target,
        entities: r.entities,
        state: active ? 'active' : r.lastErrorCode ? 'failed' : 'pending',
        expiresAt: active ? iso(r.expiresAt) : null,
        createdAt: r.subscriptionId ? iso(r.createdAt) : null,
        renewedAt: iso(r.renewedAt),
        lastNotificationAt: iso(r.lastNotificationAt),
        notificationCount: r.notificationCount,
        lastError: r.lastErrorCode
          ? {
              code: r.lastErrorCode,
              message: translate(ctx.locale, r.lastErrorCode, r.lastErrorParams ?? {}),
              at: iso(r.lastErrorAt),
            }
          : null,
      };
    }),
  };
}
