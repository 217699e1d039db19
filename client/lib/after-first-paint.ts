/**
 * Runs `callback` once the page has been drawn: after the browser's first contentful paint (a
 * page can finish loading before that), a frame later. What the page's script starts then (the
 * app's code, the web fonts) never competes with the first paint for a slow connection.
 */
export function afterFirstPaint(callback: () => void): void {
  const later = () => requestAnimationFrame(() => setTimeout(callback));
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    later();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    later();
  });
  observer.observe({ type: 'paint', buffered: true });
}
