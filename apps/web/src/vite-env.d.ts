/// <reference types="vite/client" />

/** The id of this build (see vite.config.ts); 'dev' in the dev server. */
declare const __BUILD_ID__: string;
