/**
 * What the server fetches before it renders a public page (client/entry-server.tsx), by the
 * page's path in the route table (client/routes.tsx): the query cache the page then renders
 * from and the browser hydrates. Only the server's build imports this module, so none of it is
 * in the browser's code. A prefetch answers 404 when what the page is about does not exist.
 */
import type { createServerSideHelpers } from '@trpc/react-query/server';
import type { AppRouter } from '../server/trpc/root';
import { archivePageInput, campaignsPageInput, latestCampaignsInput } from './pages/public/page-queries';

/** The server's tRPC helpers: prefetching fills the query cache the page then renders from. */
export type PrefetchApi = ReturnType<typeof createServerSideHelpers<AppRouter>>;

type Prefetch = (api: PrefetchApi, params: Record<string, string>, search: URLSearchParams) => Promise<404 | undefined>;

/** Fetches what `fetch` asks for; a page whose subject is missing is a 404 (its failed query stays in the cache, which renders "not found"). */
const orNotFound =
  (fetch: (api: PrefetchApi, params: Record<string, string>) => Promise<unknown>): Prefetch =>
  async (api, params) => {
    try {
      await fetch(api, params);
      return undefined;
    } catch {
      return 404;
    }
  };

/** The foundation's public settings (its account, the ways to give), which these pages show. */
const publicSettings: Prefetch = async (api) => void (await api.settings.public.prefetch());

export const PAGE_PREFETCH: Readonly<Record<string, Prefetch>> = {
  // The latest campaigns, and the map's counts for its chips.
  '/': async (api) =>
    void (await Promise.all([
      api.campaign.cards.prefetch(latestCampaignsInput),
      api.campaign.countByLocation.prefetch(),
    ])),
  '/campaigns': async (api, _params, search) => void (await api.campaign.cards.prefetch(campaignsPageInput(search))),
  '/campaign/:id': orNotFound((api, params) =>
    Promise.all([
      api.campaign.byId.fetch({ id: params.id ?? '' }),
      api.pledge.supporters.prefetch({ campaignId: params.id ?? '' }),
      // The give panel offers paying online by them: rendered here, so the no-script form shows both ways.
      api.settings.public.prefetch(),
    ]),
  ),
  '/donate': publicSettings,
  '/contact': publicSettings,
  '/pledge/:reference': orNotFound((api, params) => api.pledge.page.fetch({ reference: params.reference ?? '' })),
  '/newsletter': async (api, _params, search) => void (await api.newsletter.archive.prefetch(archivePageInput(search))),
  '/newsletter/:id': orNotFound((api, params) => api.newsletter.edition.fetch({ id: params.id ?? '' })),
};
