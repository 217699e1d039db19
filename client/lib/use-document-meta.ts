import { useEffect } from 'react';
import type { PageMeta } from '../../shared/page-meta';

function setMetaContent(selector: string, content: string) {
  const element = document.head.querySelector<HTMLMetaElement>(selector);
  if (element) element.content = content;
}

/** Keeps the tab title, description and Open Graph tags in step with the page on screen. */
export function useDocumentMeta(meta: PageMeta | null) {
  useEffect(() => {
    if (!meta) return;
    document.title = meta.title;
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.append(description);
    }
    description.content = meta.description;
    setMetaContent('meta[property="og:title"]', meta.title);
    setMetaContent('meta[property="og:description"]', meta.description);
  }, [meta]);
}
