// What a page needs before its first render, from Vite's build manifest (scripts/bytes.ts).

/** One entry of dist/.vite/manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The scripts and stylesheets the given manifest entries load: each entry's file, its static imports (transitively,
 * as Vite's preload list has them) and the CSS of all of those; dynamic imports are not followed. Each file once,
 * in the order first reached.
 */
export function pageBytes(
  manifest: Record<string, ManifestChunk>,
  entries: string[],
): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest (renamed or no longer a chunk?)`);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const f of chunk.css ?? []) css.add(f);
    for (const i of chunk.imports ?? []) visit(i);
  };
  entries.forEach(visit);
  return { js, css: [...css] };
}
