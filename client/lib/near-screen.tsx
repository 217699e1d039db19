/**
 * Below-the-fold parts that load late. The browser downloads their code only once they come near
 * the screen, so a first visit on a slow phone spends its bandwidth on what it shows first.
 */
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

const MARGIN = '300px';

/** Resolves once the browser has a quiet moment (soon anyway where it cannot say). */
export function whenIdle(timeout = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 500));
  });
}

/** Resolves once the element comes within MARGIN of the screen (at once without one to watch). */
function nearScreen(element: Element | null): Promise<void> {
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
  });
}

/** A lazy component whose failed load can be tried again: `retry()` starts a fresh one. */
export type RetryableComponent<P> = ComponentType<P> & { retry(): void };

/**
 * React.lazy, except that a load that failed (offline) can be started again: React.lazy keeps
 * its failure for good, so `retry()` (a RetryBoundary's Retry) makes a fresh one.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableComponent<P> {
  let current = lazy(load);
  const Component = (props: P) => createElement(current, props);
  Component.retry = () => {
    current = lazy(load);
  };
  return Component;
}

/**
 * A lazily loaded component the server renders in full (so it works as plain HTML before any
 * script), whose code the browser fetches only when the element `selector` names comes near the
 * screen, or with `idle` as soon as the browser has a quiet moment, whichever comes first (what
 * people tap soon after the page opens is then already there). Until then React leaves the
 * server's markup as it is. A load that fails throws to the nearest RetryBoundary, whose Retry
 * calls `retry()`.
 */
export function lazyNearScreen<P extends object>(
  selector: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  { idle = false }: { idle?: boolean } = {},
): RetryableComponent<P> {
  return retryableLazy(() => {
    if (typeof document === 'undefined') return load();
    const near = nearScreen(document.querySelector(selector));
    return (idle ? Promise.race([near, whenIdle()]) : near).then(load);
  });
}

/**
 * Rendered in the browser only, once near the screen: the server and the first render show
 * `placeholder` (a box of the final size, so nothing shifts when the content arrives).
 */
export function NearScreen({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    let live = true;
    void nearScreen(slot.current).then(() => live && setNear(true));
    return () => {
      live = false;
    };
  }, []);
  if (near) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return <div ref={slot}>{placeholder}</div>;
}
