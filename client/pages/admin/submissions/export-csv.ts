/** Downloads GET /api/submissions/{type}.csv with the filters shown. */
import type { SubmissionType } from '../../../../shared/constants';
import { downloadWithToken } from '../lib/download';

export function downloadCsv(type: SubmissionType, filters: { q?: string; status?: string }): Promise<void> {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.status) query.set('status', filters.status);
  return downloadWithToken(`/api/submissions/${type}.csv${query.size ? `?${query}` : ''}`, `${type}.csv`);
}
