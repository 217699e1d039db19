/** "Show more" under an admin list that comes a page at a time (an infinite query). */
import { t } from '../../../../shared/messages';

export function LoadMore({
  pages,
}: {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn--staff btn--ghost admin-more"
      disabled={pages.isFetchingNextPage}
      aria-busy={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? t('admin.list.loadingMore') : t('admin.list.loadMore')}
    </button>
  );
}
