/** What every mail's frame shows beyond its message: where questions go and the site's address. */
import type { Deps } from '../deps';
import { getSettings } from '../settings/service';

export interface MailFrame {
  contactEmail: string;
  siteUrl: string;
}

export async function mailFrame(deps: Pick<Deps, 'db' | 'publicData' | 'config'>): Promise<MailFrame> {
  const settings = await getSettings(deps);
  return { contactEmail: settings.contactEmail, siteUrl: deps.config.publicUrl };
}
