import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('20260101000000-tests') },
  resolve: { dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'] },
  test: {
    name: 'web',
    root: new URL('../..', import.meta.url).pathname,
    include: ['apps/web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['apps/web/src/test/setup.ts'],
    css: false,
    // why: @mantine/charts sits in apps/web/node_modules with its own @mantine/core beside the root copy the app's
    // code gets (dedupe); processed by Vite like the app, it takes the same copy, so it finds the MantineProvider.
    // The same holds for @mantine/tiptap.
    server: { deps: { inline: [/@mantine\/charts/, /@mantine\/tiptap/] } },
    // why: room for the 10 s asyncUtilTimeout of src/test/setup.ts (the default of 5 s would cut it short)
    testTimeout: 30_000,
  },
});
