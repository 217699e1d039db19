/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts), which the router
 * imports for Reacts older than 18: React 19 has the hook itself, so the shim's code is not shipped.
 */
export { useSyncExternalStore } from 'react';
