/**
 * A page the donor left for Paystack's checkout may come back from the browser's back-forward
 * cache exactly as it was left: its button still busy "opening Paystack's page". `onBack` runs
 * then, so the page can offer what fits (the pledge page, or the button again).
 */
import { useEffect, useRef } from 'react';

export function useBackFromCheckout(onBack: () => void): void {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
}
