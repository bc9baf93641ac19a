// What wouter's `use-sync-external-store/shim` is in the build and the screen tests (vite.config.ts,
// vitest.config.ts): the hook itself. The shim serves React before 18 and is CommonJS, whose require('react')
// would reach React itself rather than Preact.
export { useSyncExternalStore } from 'react';
