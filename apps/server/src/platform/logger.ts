import pino, { type DestinationStream, type Logger } from 'pino';
import { telemetryStarted, traceIds } from './telemetry/telemetry.ts';

/** Query parameters whose values are secrets (reset and invitation links, refresh tokens, OIDC answers). */
const secretParams =
  /^(token|refresh_?token|access_?token|id_?token|code|state|password|secret|key|signature|sig|x-amz-signature)$/i;

/**
 * The URL as it may be logged: the value of every secret query parameter replaced. Parameter names are
 * matched case-insensitively; an unparseable query is dropped whole rather than logged raw.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  let query: URLSearchParams;
  try {
    query = new URLSearchParams(url.slice(q + 1));
  } catch {
    return `${path}?[redacted]`;
  }
  let redacted = false;
  for (const name of new Set(query.keys())) {
    if (secretParams.test(name)) {
      query.set(name, '[redacted]');
      redacted = true;
    }
  }
  return redacted ? `${path}?${query.toString().replaceAll('%5Bredacted%5D', '[redacted]')}` : url;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger: JSON lines; credentials and tokens are redacted wherever they appear. With tracing on
 * (telemetry.ts), a line written while a span is active carries its trace_id and span_id.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      ...(telemetryStarted() ? { mixin: traceIds } : {}),
      serializers: {
        // Fastify's request serializer, with the secrets of the query string removed.
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-refresh-token"]',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.token',
          '*.accessToken',
          '*.refreshToken',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
