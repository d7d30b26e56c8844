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
    // why: room for the 10 s asyncUtilTimeout of src/test/setup.ts (the default of 5 s would cut it short)
    testTimeout: 30_000,
  },
});
