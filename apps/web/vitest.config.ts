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
  },
});
