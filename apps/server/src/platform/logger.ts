import pino, { type DestinationStream, type Logger } from 'pino';

/** The server's logger: JSON lines; credentials and tokens are redacted wherever they appear. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
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
