import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import type { LoadSettings, SettingsMap } from '../../platform/settings.ts';
import { BusinessCentralConnector } from './business-central/adapter.ts';
import {
  BcClient,
  type BcClientOptions,
  type BcConnection,
  type BcLogEntry,
} from './business-central/client.ts';
import { ErpError } from './business-central/errors.ts';
import { noErp } from './erp.none.ts';
import type { ConnectionTest, ErpConnector } from './erp.port.ts';

/*
 * Which adapter of the ERP port runs (decision 0027): the environment's ERP chooses none or Business Central; the
 * admin settings BusinessCentral_* say where BC is and who the portal is there (read on every use through the
 * settings cache, so a change applies within seconds). With ERP=fake-bc, main.ts hands in the running fake's
 * connection for the settings left empty. One client per connection, so its token is reused.
 */

export interface ErpDeps {
  config: Pick<Config, 'ERP' | 'BC_AUTHORITY_URL'>;
  db: Db;
  loadSettings: LoadSettings;
  erpDefaults?: Deps['erpDefaults'];
  /** The client's log lines (never a body, a token or the secret). */
  log?: (entry: BcLogEntry) => void;
  /** For tests: the client's retry and timing options. */
  clientOptions?: BcClientOptions;
}

/** Whether an ERP is configured at all (ERP is not none): the sync runs and its calls do work. */
export function erpEnabled(deps: Pick<ErpDeps, 'config'>): boolean {
  return deps.config.ERP !== 'none';
}

const required = [
  'BusinessCentral_Url',
  'BusinessCentral_Tenant',
  'BusinessCentral_Company',
  'BusinessCentral_ClientId',
  'BusinessCentral_ClientSecret',
] as const;

/** The connection of the settings (a setting left empty takes the fake's value), or the settings missing. */
export function connectionOf(
  settings: SettingsMap,
  deps: Pick<ErpDeps, 'config' | 'erpDefaults'>,
): { connection: BcConnection } | { missing: string[] } {
  const d = deps.erpDefaults;
  const fallback: Record<(typeof required)[number], string | undefined> = {
    BusinessCentral_Url: d?.url,
    BusinessCentral_Tenant: d?.tenant,
    BusinessCentral_Company: d?.company,
    BusinessCentral_ClientId: d?.clientId,
    BusinessCentral_ClientSecret: d?.clientSecret,
  };
  const value = (key: (typeof required)[number]) => settings[key].trim() || fallback[key] || '';
  const missing = required.filter((k) => !value(k));
  if (missing.length) return { missing };
  return {
    connection: {
      baseUrl: value('BusinessCentral_Url'),
      tenant: value('BusinessCentral_Tenant'),
      company: value('BusinessCentral_Company'),
      clientId: value('BusinessCentral_ClientId'),
      clientSecret: value('BusinessCentral_ClientSecret'),
      authorityUrl: d?.authorityUrl ?? deps.config.BC_AUTHORITY_URL,
      maxMessageBytes: settings.BusinessCentralMaximumMessageSize * 1024 * 1024,
    },
  };
}

/** ERP=business-central without complete settings: says which are missing, reads nothing. */
function unconfigured(missing: string[]): ErpConnector {
  const error = () => new ErpError('configuration', { params: { missing: missing.join(', ') } });
  return {
    kind: 'business-central',
    async testConnection(): Promise<ConnectionTest> {
      return {
        ok: false,
        steps: [
          {
            step: 'configuration',
            ok: false,
            code: 'erp.test.configuratie_onvolledig',
            params: { missing: missing.join(', ') },
          },
        ],
      };
    },
    pages() {
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(error()),
        }),
      };
    },
    async plantsKnown(): Promise<Set<string>> {
      throw error();
    },
    async picture() {
      throw error();
    },
    async document(): Promise<Buffer> {
      throw error();
    },
  };
}

const clients = new Map<string, BusinessCentralConnector>();
const ids = new WeakMap<object, number>();
let lastId = 0;
const idOf = (f: object | undefined) => {
  if (!f) return 0;
  if (!ids.has(f)) ids.set(f, ++lastId);
  return ids.get(f);
};

/** The connector to use now. */
export async function erpConnector(deps: ErpDeps): Promise<ErpConnector> {
  if (!erpEnabled(deps)) return noErp;
  const found = connectionOf(await deps.loadSettings(deps.db), deps);
  if ('missing' in found) return unconfigured(found.missing);
  // why: the key is a hash, so the secret is not kept as a map key beside the client that needs it anyway; the
  // log function is part of it (by identity), so each app's client logs to that app
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        found.connection,
        deps.clientOptions ?? null,
        idOf(deps.log ?? deps.clientOptions?.log),
      ]),
    )
    .digest('hex');
  let connector = clients.get(key);
  if (!connector) {
    if (clients.size >= 8) clients.clear();
    connector = new BusinessCentralConnector(
      new BcClient(found.connection, { ...deps.clientOptions, log: deps.log ?? deps.clientOptions?.log }),
    );
    clients.set(key, connector);
  }
  return connector;
}
