import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { startTelemetry, telemetryStarted, tracesConfigured } from './telemetry.ts';

// Issue #35 point 3: traces are off unless OTLP is configured, and then the SDK is not even loaded.

const sdk = vi.hoisted(() => ({ started: 0 }));
vi.mock('./telemetry.sdk.ts', () => ({
  startSdk: () => {
    sdk.started++;
    return { shutdown: async () => {}, flush: async () => {} };
  },
}));

describe('telemetry', () => {
  it('is configured by the standard OTLP variables only', () => {
    expect(tracesConfigured({})).toBe(false);
    expect(tracesConfigured({ OTEL_SERVICE_NAME: 'portal' })).toBe(false);
    expect(tracesConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracesConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracesConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(
      tracesConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracesConfigured({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBe(false);
  });

  it('without OTLP configured starts no SDK: nothing is loaded, no span records, log lines carry no trace id', async () => {
    expect(await startTelemetry({ OTEL_SERVICE_NAME: 'portal' })).toBeNull();
    expect(sdk.started).toBe(0);
    expect(telemetryStarted()).toBe(false);
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    trace.getTracer('test').startActiveSpan('work', (span) => {
      expect(span.isRecording()).toBe(false);
      logger.info('inside');
      span.end();
    });
    expect(lines[0].msg).toBe('inside');
    expect(lines[0]).not.toHaveProperty('trace_id');
  });

  it('with OTLP configured starts the SDK once', async () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(await startTelemetry(env)).not.toBeNull();
    expect(await startTelemetry(env)).toBeNull();
    expect(sdk.started).toBe(1);
    expect(telemetryStarted()).toBe(true);
  });
});
