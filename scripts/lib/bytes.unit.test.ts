import { describe, expect, it } from 'vitest';
import { type ManifestChunk, pageBytes } from './bytes.ts';

const manifest: Record<string, ManifestChunk> = {
  'index.html': {
    file: 'assets/index.js',
    imports: ['_shared.js'],
    dynamicImports: ['src/Page.tsx'],
    css: ['assets/index.css'],
  },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  'src/styles.ts': { file: 'assets/styles.css' },
  'src/Page.tsx': {
    file: 'assets/Page.js',
    imports: ['index.html', '_shared.js', '_table.js'],
    dynamicImports: ['_heavy.js'],
  },
  '_table.js': { file: 'assets/table.js', css: ['assets/table.css'] },
  '_heavy.js': { file: 'assets/heavy.js', css: ['assets/heavy.css'] },
};

describe('pageBytes', () => {
  it('takes the entries, their static imports and their CSS, each once, not what they import lazily', () => {
    expect(pageBytes(manifest, ['index.html', 'src/styles.ts', 'src/Page.tsx'])).toEqual({
      js: ['assets/index.js', 'assets/shared.js', 'assets/Page.js', 'assets/table.js'],
      css: ['assets/index.css', 'assets/shared.css', 'assets/styles.css', 'assets/table.css'],
    });
  });

  it('names an entry the build no longer has', () => {
    expect(() => pageBytes(manifest, ['src/Gone.tsx'])).toThrow(
      /src\/Gone.tsx is not in the build's manifest/,
    );
  });
});
