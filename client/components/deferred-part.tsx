/**
 * A part of a server-rendered page whose code loads late (client/lib/near-screen.tsx: near the
 * screen, or once used), in its own Suspense and RetryBoundary. Memoized: until its code is in,
 * React keeps the server's markup for it, and an update reaching it then (the page rendering again
 * as the phone goes offline, say) would make React give up on that markup and show the fallback
 * instead. With the same props the memo keeps such updates out.
 */
import { type ComponentType, memo, type ReactNode, Suspense } from 'react';
import type { RetryableComponent } from '../lib/near-screen';
import { RetryBoundary } from './retry-notice';

export function deferredPart<P extends object>(
  Part: RetryableComponent<P>,
  fallback: ReactNode = null,
): ComponentType<P> & { retry(): void } {
  const Deferred = memo((props: P) => (
    <RetryBoundary onRetry={Part.retry}>
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    </RetryBoundary>
  )) as unknown as ComponentType<P> & { retry(): void };
  Deferred.retry = Part.retry;
  return Deferred;
}
