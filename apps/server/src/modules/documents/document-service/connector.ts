import { createHash } from 'node:crypto';
import type { Deps } from '../../../platform/deps.ts';
import type { SettingsMap } from '../../../platform/settings.ts';
import {
  CmisDocumentService,
  type CmisOptions,
  type DocumentServiceConnection,
  type DocumentServiceLogEntry,
} from './cmis.ts';
import { noDocumentService } from './none.ts';
import { type DocumentService, DocumentServiceError } from './port.ts';

/*
 * Which adapter of the document service runs (decision 0028): DocumentService_Url empty → none (the portal's own
 * files, as before); set → the CMIS browser binding at that URL with DocumentService_User / _Password. Read through
 * the settings cache on every use, so a change applies within seconds. With ERP=fake-bc main.ts hands in the
 * running fake's connection for the settings left empty. One adapter per connection, so its repository info is
 * read once.
 */

export interface DocumentServiceDeps {
  documentServiceDefaults?: Deps['documentServiceDefaults'];
  /** The adapter's log lines (never a body, the user or the password). */
  log?: (entry: DocumentServiceLogEntry) => void;
  /** For tests: timing and retry options. */
  options?: CmisOptions;
}

export function documentServiceConnection(
  settings: Pick<SettingsMap, 'DocumentService_Url' | 'DocumentService_User' | 'DocumentService_Password'>,
  deps: DocumentServiceDeps,
): DocumentServiceConnection | null {
  const d = deps.documentServiceDefaults;
  const url = settings.DocumentService_Url.trim() || d?.url || '';
  if (!url) return null;
  const fromSettings = Boolean(settings.DocumentService_Url.trim());
  return {
    url,
    // the fake's account goes with the fake's URL only, never to a URL an admin typed
    user: settings.DocumentService_User.trim() || (fromSettings ? '' : (d?.user ?? '')),
    password: settings.DocumentService_Password || (fromSettings ? '' : (d?.password ?? '')),
  };
}

const adapters = new Map<string, DocumentService>();
const ids = new WeakMap<object, number>();
let lastId = 0;
const idOf = (o: object | undefined) => {
  if (!o) return 0;
  if (!ids.has(o)) ids.set(o, ++lastId);
  return ids.get(o);
};

/** The document service to use now. */
export function documentService(settings: SettingsMap, deps: DocumentServiceDeps): DocumentService {
  const connection = documentServiceConnection(settings, deps);
  if (!connection) return noDocumentService;
  const missing = (['DocumentService_User', 'DocumentService_Password'] as const).filter(
    (k) => !(k === 'DocumentService_User' ? connection.user : connection.password),
  );
  if (missing.length) return unconfigured(missing);
  // why: a hash as the key, so the password is not kept as a map key; the log and options by identity (each app's)
  const key = createHash('sha256')
    .update(JSON.stringify([connection, idOf(deps.log), idOf(deps.options)]))
    .digest('hex');
  let adapter = adapters.get(key);
  if (!adapter) {
    if (adapters.size >= 8) adapters.clear();
    adapter = new CmisDocumentService(connection, { ...deps.options, log: deps.log });
    adapters.set(key, adapter);
  }
  return adapter;
}

/** A URL without its account: says which settings are missing, reads nothing. */
function unconfigured(missing: string[]): DocumentService {
  const error = () => new DocumentServiceError('configuration', { params: { missing: missing.join(', ') } });
  return {
    kind: 'cmis',
    locationDocuments: () => Promise.reject(error()),
    document: () => Promise.reject(error()),
    content: () => Promise.reject(error()),
    async testConnection() {
      return {
        ok: false,
        steps: [
          {
            step: 'configuration',
            ok: false,
            code: 'documentdienst.test.configuratie_onvolledig',
            params: { missing: missing.join(', ') },
          },
        ],
      };
    },
  };
}
