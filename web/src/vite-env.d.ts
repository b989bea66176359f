/// <reference types="vite/client" />

/** A digest of the generated API types (vite.config.ts): changes whenever the server's answers change shape. */
declare const __API_SHAPE__: string;
