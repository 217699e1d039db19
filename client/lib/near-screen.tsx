/**
 * Below-the-fold parts that load late. The browser downloads their code only once they come near
 * the screen, so a first visit on a slow phone spends its bandwidth on what it shows first.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

const MARGIN = '300px';

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
 * A lazily loaded component the server renders in full (so it works as plain HTML before any
 * script), whose code the browser fetches only when the element `selector` names comes near the
 * screen. Until then React leaves the server's markup as it is.
 */
export function lazyNearScreen<P extends object>(
  selector: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  return lazy(() =>
    typeof document === 'undefined' ? load() : nearScreen(document.querySelector(selector)).then(load),
  );
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
