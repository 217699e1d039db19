import type { ReactNode } from 'react';
import { PageHeader } from '../page-header';

/** The frame of a sign-up page: heading band, the form card and an optional aside. */
export function FormPage({
  title,
  lead,
  aside,
  children,
}: {
  title: string;
  lead: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container form-page">
        <div className="form-card">{children}</div>
        {aside && <aside className="form-page__aside">{aside}</aside>}
      </div>
    </>
  );
}
