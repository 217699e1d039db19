/**
 * Registers the service worker (client/sw/service-worker.ts, served at /sw.js) once the page has
 * loaded: client/entry-client.tsx calls this after the app has started, so none of it is on the
 * first paint's path. The page that installs the worker loaded before the worker was in control:
 * its address and files are handed to the worker to keep, so it can be read offline like every
 * later page. (Forms saved on the phone are sent by client/offline/form-sync.ts and the worker.)
 */
function start() {
  const workers = navigator.serviceWorker;
  const controlled = Boolean(workers.controller);
  workers.register('/sw.js', { scope: '/', updateViaCache: 'none' }).then(
    () => {
      if (controlled) return;
      void workers.ready.then((registration) => {
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(`${location.origin}/`));
        registration.active?.postMessage({ type: 'keep', page: location.href, files });
      });
    },
    () => undefined,
  );
}

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
