/**
 * Getting another page's code ready before moving to it (the give form opening the pledge page),
 * without importing the route table, which imports the pages themselves. The route table
 * registers how; until it has, there is nothing to get ready.
 */
let preloader: ((path: string) => Promise<void>) | undefined;

export function setPagePreloader(preload: (path: string) => Promise<void>) {
  preloader = preload;
}

export const preloadPage = (path: string): Promise<void> => preloader?.(path) ?? Promise.resolve();
