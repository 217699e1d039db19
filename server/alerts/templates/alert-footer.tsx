/** The foot of every staff alert: why it came, and where to change that. */
import { Text } from '../../mail/templates/components';
import { MailLink, styles } from '../../mail/templates/layout';
import { en } from '../entries';

const LINK = '\u0001';

export function AlertFooter({ accountUrl }: { accountUrl: string }) {
  const [before, after] = en('alerts.footer', { link: LINK }).split(LINK);
  return (
    <Text style={styles.muted}>
      {before}
      <MailLink href={accountUrl}>{accountUrl}</MailLink>
      {after}
    </Text>
  );
}
