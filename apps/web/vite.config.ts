import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ command }) => {
  const buildId =
    command === 'build'
      ? `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`
      : 'dev';
  return {
    plugins: [react(), buildIdPlugin(buildId)],
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
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          // Shared libraries in long-lived chunks; every page is its own lazy chunk (see src/app/routes.tsx).
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
              { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 20 },
            ],
          },
        },
      },
    },
  };
});
