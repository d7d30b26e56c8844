// The idle area's public face (issue #37 points 2 and 3, decision 0034): idle equipment, its weekly digest, the
// nightly clean-up of superseded scans.
export { IDLE_DIGEST_QUEUE, runIdleDigest, startIdleDigest } from './idle.digest.ts';
export { idleRoutes } from './idle.routes.ts';
export { startScanCleanUp } from './idle.scans.ts';
