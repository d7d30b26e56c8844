/** What telemetry.ts and the SDK it loads (telemetry.sdk.ts) share. */

export type Env = Record<string, string | undefined>;

export interface Telemetry {
  /** Exports what is left and stops. */
  shutdown(): Promise<void>;
  /** Exports the finished spans now. */
  flush(): Promise<void>;
  /** Names the active request span by its route template. */
  nameRequest(method: string, route: string): void;
}
