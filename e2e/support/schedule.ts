// Which journey e2e/run.ts starts next when a browser slot is free. Journeys run side by side against one server;
// two that share data (e2e/shared-data.ts) never run at once and keep the order of the list, so each meets the
// data exactly as it did when the journeys ran one after the other.

export interface Journey {
  name: string;
  /** What it changes or relies on that another journey could change (e2e/shared-data.ts). */
  shares: readonly string[];
  /** About how long it takes: the order to start in, nothing else. */
  seconds: number;
}

export class Schedule {
  private readonly journeys: Journey[];
  /** For each journey, the earlier ones in the list it shares data with: it starts only after they ended. */
  private readonly after = new Map<string, string[]>();
  /** Its own seconds plus the longest chain of journeys that wait for it: the longest chain goes first. */
  private readonly rank = new Map<string, number>();
  private readonly started = new Set<string>();
  private readonly finished = new Set<string>();

  constructor(journeys: Journey[]) {
    const twice = journeys.filter((j, i) => journeys.findIndex((k) => k.name === j.name) !== i);
    if (twice.length) throw new Error(`a journey listed twice: ${twice.map((j) => j.name).join(', ')}`);
    this.journeys = journeys;
    journeys.forEach((j, i) => {
      this.after.set(
        j.name,
        journeys
          .slice(0, i)
          .filter((k) => k.shares.some((d) => j.shares.includes(d)))
          .map((k) => k.name),
      );
    });
    for (const j of [...journeys].reverse()) {
      const waiting = journeys.filter((k) => this.after.get(k.name)?.includes(j.name));
      this.rank.set(j.name, j.seconds + Math.max(0, ...waiting.map((k) => this.rank.get(k.name) ?? 0)));
    }
  }

  /** The journey to start now (the one with the longest chain ahead of it), or none while every other waits. */
  next(): Journey | undefined {
    const ready = this.journeys.filter(
      (j) => !this.started.has(j.name) && (this.after.get(j.name) ?? []).every((k) => this.finished.has(k)),
    );
    return ready.sort((a, b) => (this.rank.get(b.name) ?? 0) - (this.rank.get(a.name) ?? 0))[0];
  }

  start(name: string): void {
    this.started.add(name);
  }

  finish(name: string): void {
    this.finished.add(name);
  }

  /** What journeys `name` waits for (the earlier ones it shares data with). */
  waitsFor(name: string): string[] {
    return this.after.get(name) ?? [];
  }
}
