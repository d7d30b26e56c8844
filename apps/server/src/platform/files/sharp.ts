import type Sharp from 'sharp';

// why: sharp (libvips) is loaded with the first image a process converts, not when the server starts: most
// requests never touch an image and loading it costs ~0.1 s and memory (decision 0008 "RSS per process")
let loaded: Promise<typeof Sharp> | undefined;

/** sharp, loaded once on first use. */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then((m) => m.default);
  return loaded;
}
