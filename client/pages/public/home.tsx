import { trpc } from '../../lib/trpc';

/** Proves the round trip: campaigns come from the server over tRPC. */
export function HomePage() {
  const campaigns = trpc.campaign.list.useQuery({ order: 'newest' });
  return (
    <main>
      <h1>Community Development in Northern Nigeria</h1>
      {campaigns.isLoading ? <p>Loading…</p> : <p data-testid="campaign-count">{campaigns.data?.length ?? 0} campaigns</p>}
    </main>
  );
}
