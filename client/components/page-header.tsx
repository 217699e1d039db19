import type { ReactNode } from 'react';

/** The band at the top of an inner page: the page's one h1 and a lead sentence. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}
