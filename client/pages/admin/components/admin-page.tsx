import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/**
 * The frame of an admin screen: names the browser tab after it and heads it with its one h1.
 * `before` goes above the heading (a back link), `actions` beside it (a "new" button).
 */
export function AdminPage({
  title,
  before,
  actions,
  children,
}: {
  title: string;
  before?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  const heading = (
    <h1 id="admin-page-title" className="admin-page__title">
      {title}
    </h1>
  );
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      {before}
      {actions ? (
        <div className="admin-page__head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
