/**
 * Parts that load late. The browser downloads their code only once they come near the screen, or
 * once the visitor uses them, so a first visit on a slow phone spends its bandwidth on what it
 * shows first.
 */
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

const MARGIN = '300px';

/**
 * Whether the app has moved to another page: from then on it renders pages itself, with no
 * server markup to keep, so parts still waiting on the first page (for the screen or a use, on
 * elements that are gone) load at once, and so do those rendered after.
 */
let moved = false;
const waiting = new Set<() => void>();

/** Called by the routes when the app first moves to another page. */
export function loadWaitingParts(): void {
  moved = true;
  for (const start of waiting) start();
  waiting.clear();
}

/** Resolves with `until`, or as soon as the app has moved to another page. */
function untilOrMoved(until: (resolve: () => void) => void): Promise<void> {
  if (moved) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.add(resolve);
    until(() => {
      waiting.delete(resolve);
      resolve();
    });
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

/**
 * `load()`, except that a load failing while the phone is offline waits for the connection and
 * tries again: a part the server rendered then keeps its markup (readable, its links working)
 * rather than giving way to a failure notice. Online, a failure is thrown as it is.
 */
function loadOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (typeof navigator === 'undefined' || navigator.onLine) throw error;
    return new Promise<void>((resolve) => addEventListener('online', () => resolve(), { once: true })).then(() =>
      loadOnline(load),
    );
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
 * screen (see client/components/deferred-part.tsx). Until then React leaves the server's markup
 * as it is. Offline, the load waits for the connection; online, a load that
 * fails throws to the nearest RetryBoundary, whose Retry calls `retry()`.
 */
export function lazyNearScreen<P extends object>(
  selector: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableComponent<P> {
  return retryableLazy(() => {
    if (typeof document === 'undefined') return load();
    const element = document.querySelector(selector);
    return untilOrMoved((resolve) => void nearScreen(element).then(resolve)).then(() => loadOnline(load));
  });
}

/** What counts as the visitor using a part of the page: a finger or pointer on it, focus, a key. */
const USE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/**
 * Calls `use` once, when the visitor first points at, touches, focuses or types in `element`;
 * answers the clean-up for an effect. Listened for on the window, before the page: React stops
 * these events on their way to a part it has not hydrated yet (to replay them after), so a
 * listener on the part itself would never hear them.
 */
export function whenUsed(element: Element | null, use: () => void): () => void {
  if (!element) return () => {};
  const onEvent = (event: Event) => {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    stop();
    use();
  };
  const stop = () => {
    for (const type of USE_EVENTS) window.removeEventListener(type, onEvent, true);
  };
  for (const type of USE_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  // Focus already inside (the visitor tapped before the script ran) counts as a use.
  if (element.contains(document.activeElement)) {
    stop();
    use();
  }
  return stop;
}

/**
 * A lazily loaded component the server renders in full (a form that posts as plain HTML), whose
 * code the browser fetches only once the visitor uses the element `selector` names: reading the
 * page costs none of it. React leaves the server's markup as it is until then. Where the app
 * renders the component itself (no server markup to use) it loads at once.
 */
export function lazyOnUse<P extends object>(
  selector: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): RetryableComponent<P> {
  let used = false;
  return retryableLazy(() => {
    const element = typeof document === 'undefined' ? null : document.querySelector(selector);
    if (!element || used) return load();
    return untilOrMoved((resolve) => whenUsed(element, resolve)).then(() => {
      // Used once is enough: a Retry after a failed load fetches at once.
      used = true;
      return loadOnline(load);
    });
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
