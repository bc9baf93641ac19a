// What `zod` is in the browser build (vite.config.ts): zod itself, told first to do without eval. Otherwise
// zod probes for eval with `new Function` when the first object schema is created; the shop's
// Content-Security-Policy refuses it, and DevTools report the refusal as an issue (Lighthouse counts it).
// Module order runs this before any module that imports zod.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
