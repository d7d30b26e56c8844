import { DEMO_PASSWORD, userSpecs } from './org-data.ts';

// why: apart from the seed itself, so the start banner can list them without loading the seed (its generator and
// image libraries) into a server that does not seed (decision 0008 "RSS per process")

export interface DemoLogin {
  email: string;
  password: string;
  description: string;
}

/** The demo accounts (all with password Materieel2026!), printed at start and listed in the README. */
export const demoLogins: DemoLogin[] = userSpecs
  .filter((u) => u.login)
  .map((u) => ({ email: u.email, password: DEMO_PASSWORD, description: u.login! }));
