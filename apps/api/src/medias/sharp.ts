import type Sharp from 'sharp';

let loaded: typeof Sharp | undefined;

/**
 * sharp, loaded with the first image to read or write: libvips (its libraries and worker threads)
 * is resident memory that a server with nothing to process never needs, as on a restart
 * (issue 29, docs/perf.md).
 */
export function loadSharp(): typeof Sharp {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('sharp') as typeof Sharp;
    // Every upload and variant is a different image: libvips' operation cache would only hold memory.
    loaded.cache(false);
  }
  return loaded;
}
