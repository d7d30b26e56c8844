// Mantine's styles in the `mantine` cascade layer. They load while the app boots (the start-up screen in
// index.html has its own inline styles), and our own unlayered CSS wins over them whatever the load order.
// Only what every page needs is here (baseline, CSS variables, global styles); each component's own styles come
// with its code, in the chunk that uses it (vite.config.ts, mantineCssPerComponentPlugin). The dev server
// pre-bundles Mantine, so there the whole stylesheet is loaded instead.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';

if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');
