import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * A build id (UTC timestamp + random suffix), compiled into the app and written to dist/build-id.txt.
 * The server returns the file's content from GET /api/v2.0/AppConfig; the app compares it with its own id
 * to offer a refresh when a new build is deployed.
 */
function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'mp-build-id',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-id.txt', source: `${buildId}\n` });
    },
  };
}

/**
 * Writes .br and .gz next to every text asset, so a static server with pre-compressed support
 * (@fastify/static `preCompressed: true`) sends the small files without compressing on each request.
 */
function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // after every other plugin has finished the files (placeholders such as Vite's preload list are filled
    // in late), so compress what is on disk
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName) || fileName.endsWith('build-id.txt')) continue;
        const raw = readFileSync(path.join(dir, fileName));
        if (raw.length < 1024) continue;
        writeFileSync(
          path.join(dir, `${fileName}.br`),
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(path.join(dir, `${fileName}.gz`), gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's CSS per component (issue #36): each @mantine/core component's class-name module
 * (`esm/components/<Name>/<Name>.module.mjs`) imports that component's `styles/<Name>.layer.css`, so a component's
 * styles land in the chunk that holds its code, and a component built on others (Select on Combobox, Input, Popover…)
 * brings theirs along through its imports, in that order (dependencies first, as Mantine's docs ask). A page loads
 * the CSS of the components it uses, not the whole styles.css. Baseline, CSS variables and global styles come from
 * src/app/styles.ts. Build only: the dev server pre-bundles Mantine (one module), so dev imports the whole file.
 */
function mantineCssPerComponentPlugin(): Plugin {
  return {
    name: 'mp-mantine-css-per-component',
    apply: 'build',
    transform(code, id) {
      // (utils too: InlineInput, the label layout of Checkbox, Radio and Switch, lives there)
      const component =
        /@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.mjs$/.exec(id)?.[1];
      if (!component) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${component}.layer.css';\n`, map: null };
    },
  };
}

/**
 * dist/.vite/modules.json: each chunk's modules with their size in the chunk (the bundler's own module info, as
 * Rollup/Rolldown give it to plugins). scripts/bytes.ts names a page's largest modules from it next to the
 * manifest's chunks, so a page over its byte budget names its cause.
 */
function moduleSizesPlugin(): Plugin {
  return {
    name: 'mp-module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, { id: string; bytes: number }[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks[chunk.fileName] = Object.entries(chunk.modules)
          .map(([id, m]) => ({ id: path.relative(process.cwd(), id), bytes: m.renderedLength }))
          .filter((m) => m.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes);
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/** Mantine's small helpers that many components share (see codeSplitting below). */
const mantineHelpers =
  /[\\/]@mantine[\\/](core[\\/]esm[\\/]core[\\/](utils|DirectionProvider)|hooks[\\/]esm[\\/]use-merged-ref)[\\/]/;

/**
 * Mantine's ScrollArea (under every Table) imports `useMergeRefs` from @floating-ui/react, and a module is never split
 * between chunks: every page with a table loaded all of Floating UI (14 kB brotli, the popovers' positioning) before
 * its first render. For ScrollArea alone that import is answered by src/shared/lib/merge-refs.ts (Mantine's own
 * useMergedRef); a popover, menu or tooltip still gets the real one. Should ScrollArea import more from it, the
 * build fails on the missing export instead of shipping a half shim.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'src/shared/lib/merge-refs.ts');
  return {
    name: 'mp-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer?.includes('/@mantine/core/esm/components/ScrollArea/'))
        return shim;
      return null;
    },
  };
}

/**
 * src/preboot.ts as its own tiny entry, loaded by a script tag ahead of the app: it starts the start-up
 * requests while the app's code is still downloading (Vite would merge it into the app's entry if it were a
 * second script in index.html). Not async: module scripts then run in document order, so the preboot always
 * runs before the app (async, a slow preboot download let the app start first and every start-up request
 * went out twice).
 */
function prebootPlugin(): Plugin {
  const entry = 'src/preboot.ts';
  return {
    name: 'mp-preboot',
    config(_config, { command }) {
      if (command === 'build') {
        return { build: { rolldownOptions: { input: { index: 'index.html', preboot: entry } } } };
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = ctx.bundle
          ? Object.values(ctx.bundle).find(
              (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(entry),
            )
          : undefined;
        const src = chunk ? `/${chunk.fileName}` : `/${entry}`;
        // Mantine's styles are imported by the app while it boots (src/app/styles.ts): preloading them from the
        // page starts their download with the app's code instead of after it has run.
        const styles = Object.values(ctx.bundle ?? {})
          .filter(
            (a) => a.type === 'asset' && a.originalFileNames.some((f) => f.endsWith('src/app/styles.ts')),
          )
          .map((a) => a.fileName)
          .filter((f) => f.endsWith('.css'));
        // The app's module scripts never block rendering (the start-up screen is plain HTML and CSS); saying so
        // with a low fetch priority keeps them from delaying the start-up requests and the banner image.
        const lowered = html
          .replace(
            /<script type="module" crossorigin src=/g,
            '<script type="module" crossorigin fetchpriority="low" src=',
          )
          // right before the app's script (module scripts without async run in document order)
          .replace(/<script type="module" /, `<script type="module" src="${src}"></script>\n    $&`)
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" crossorigin fetchpriority="low"',
          );
        return {
          html: lowered,
          tags: [
            ...styles.map((css) => ({
              tag: 'link',
              // crossorigin as on the stylesheet link Vite adds later, so that link uses this download
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}

/**
 * The web app manifest and the service worker (issue #36 point 4, decision 0031): vite-plugin-pwa with Workbox's
 * generateSW. The worker precaches the whole build (every chunk, the CSS, index.html, the icons and the scanner's
 * WebAssembly; revisioned, so an update replaces all of it at once) and answers the app's navigations with
 * index.html, never /api, /health or /metrics. It is registered by src/app/service-worker.ts after the first render
 * (injectRegister false); a new worker waits until the user accepts the update (no skipWaiting). The manifest is
 * static, with the default corporate colours of src/app/theme.ts (the page's theme-color follows the admin's).
 */
function pwaPlugin(): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      id: '/',
      name: 'Materieelportaal',
      short_name: 'Materieel',
      description: 'Materieelportaal: bestel en beheer bouwmaterieel op uw projectlocaties.',
      lang: 'nl-NL',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#143A60',
      background_color: '#FFFFFF',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
      // the scanner's WebAssembly (1.1 MB) is the largest file
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // hashed names need no revision of their own
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/health(\/|$)/, /^\/metrics(\/|$)/],
      cleanupOutdatedCaches: true,
      // the first visit's page is controlled at once (installable without a reload); an update still waits
      clientsClaim: true,
      skipWaiting: false,
      inlineWorkboxRuntime: true,
    },
  });
}

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ command }) => {
  const buildId =
    command === 'build'
      ? `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`
      : 'dev';
  return {
    plugins: [
      react(),
      mantineCssPerComponentPlugin(),
      prebootPlugin(),
      scrollAreaWithoutFloatingUi(),
      buildIdPlugin(buildId),
      moduleSizesPlugin(),
      precompressPlugin(),
      ...pwaPlugin(),
    ],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    resolve: {
      // @mantine/dates lives in the root node_modules next to another @mantine/core copy: one React, one Mantine.
      dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      proxy: { '/api': { target: apiTarget, changeOrigin: true }, '/health': { target: apiTarget } },
    },
    preview: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
    build: {
      target: 'es2022',
      sourcemap: false,
      // the first page's code is one chunk on purpose (see codeSplitting below)
      chunkSizeWarningLimit: 750,
      // dist/.vite/manifest.json: scripts/lighthouse.ts sums the JavaScript a page needs from it
      manifest: true,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically goes into the entry's chunk: left alone, the bundler cut it
          // into some twenty small shared chunks (shared with the lazy pages), and the first page waited for
          // twenty requests instead of one. The lazy pages still get chunks of their own.
          // Mantine's tiny shared helpers (event handlers, merged refs, the direction) in one small chunk of their own:
          // left alone, the bundler put each in the chunk of one big user (createEventHandler with Popover, useMergedRef
          // with Floating UI), and a page with pagination or a checkbox loaded all of Floating UI before its first
          // render (decision 0003, "Byte budget per page").
          codeSplitting: {
            groups: [
              { name: 'initial', tags: ['$initial'], test: (id) => !id.endsWith('/src/preboot.ts') },
              { name: 'mantine-helpers', test: mantineHelpers },
            ],
          },
        },
      },
    },
  };
});
