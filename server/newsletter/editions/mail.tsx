/**
 * An edition as a mail: the body (Markdown made safe, markdown.ts), the featured campaign as a
 * card with its picture, progress and a Give button, a link to the edition on the site, and the
 * unsubscribe link in the reader's language. Rendered once per language for a whole send: the
 * unsubscribe link is a slot each message fills (mail/batches.ts).
 */

import { formatNaira, progressBarWidth, progressPercent } from '../../../shared/format';
import { type Locale, type MessageKey, t } from '../../../shared/messages';
import type { MailFrame } from '../../mail/frame';
import { Section, Text } from '../../mail/templates/components';
import { ActionButton, COLORS, MailLayout, MailLink, styles } from '../../mail/templates/layout';

export interface EditionCampaignCard {
  title: string;
  /** 'en' when a Hausa reader sees the English title. */
  titleLanguage: Locale;
  imageUrl: string | null;
  raised: number;
  target: number;
  url: string;
}

export interface EditionMailProps {
  /** The reader's language: the frame, the buttons and the footer. */
  language: Locale;
  frame: MailFrame;
  subject: string;
  /** The body's sanitised HTML, styled for mail. */
  bodyHtml: string;
  /** The body's language: English when the Hausa half is empty. */
  bodyLanguage: Locale;
  campaign: EditionCampaignCard | null;
  archiveUrl: string;
  unsubscribeUrl: string;
  /** A test to a staff member: says so at the top. */
  test?: boolean;
}

export function EditionMail(props: EditionMailProps) {
  const { language, frame, subject, bodyHtml, bodyLanguage, campaign, archiveUrl, unsubscribeUrl, test } = props;
  const text = (key: MessageKey, vars?: Record<string, string>) => t(key, vars, language);
  const other = bodyLanguage !== language ? { lang: bodyLanguage } : {};
  return (
    <MailLayout
      language={language}
      preview={subject}
      contactEmail={frame.contactEmail}
      siteUrl={frame.siteUrl}
      why={text('mail.edition.why', { site: new URL(frame.siteUrl).host })}
      footer={
        <Text style={styles.muted}>
          {text('mail.edition.manage')} <MailLink href={unsubscribeUrl}>{text('mail.edition.unsubscribe')}</MailLink>
        </Text>
      }
    >
      {test ? (
        <Text style={{ ...styles.box, ...styles.muted, backgroundColor: '#fff4c2' }}>{text('mail.edition.test')}</Text>
      ) : null}
      <Text style={styles.heading} {...other}>
        {subject}
      </Text>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised against an allow-list in markdown.ts. */}
      <div {...other} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
      {campaign ? <CampaignCard campaign={campaign} language={language} /> : null}
      <Text style={styles.muted}>
        <MailLink href={archiveUrl}>{text('mail.edition.online')}</MailLink>
      </Text>
    </MailLayout>
  );
}

function CampaignCard({ campaign, language }: { campaign: EditionCampaignCard; language: Locale }) {
  const percent = progressPercent(campaign.raised, campaign.target);
  const width = progressBarWidth(campaign.raised, campaign.target);
  const titleLang = campaign.titleLanguage !== language ? { lang: campaign.titleLanguage } : {};
  return (
    <Section
      style={{ border: `1px solid ${COLORS.border}`, borderRadius: '10px', margin: '20px 0 16px', padding: '0 0 4px' }}
    >
      {campaign.imageUrl ? (
        <img
          src={campaign.imageUrl}
          alt=""
          width="560"
          style={{ display: 'block', width: '100%', maxWidth: '100%', height: 'auto', borderRadius: '10px 10px 0 0' }}
        />
      ) : null}
      <Section style={{ padding: '12px 16px 0' }}>
        <Text style={styles.label}>{t('mail.edition.featured', undefined, language)}</Text>
        <Text style={{ ...styles.heading, fontSize: '19px', lineHeight: '25px', margin: '4px 0 10px' }} {...titleLang}>
          {campaign.title}
        </Text>
        {/* A bar of two cells: mail programs draw tables where they would ignore a styled div. */}
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ borderCollapse: 'collapse', margin: '0 0 8px' }}
        >
          <tbody>
            <tr>
              <td
                style={{
                  width: `${width}%`,
                  height: '10px',
                  backgroundColor: COLORS.green700,
                  borderRadius: '5px 0 0 5px',
                  fontSize: '1px',
                  lineHeight: '1px',
                }}
              >
                &nbsp;
              </td>
              <td
                style={{
                  height: '10px',
                  backgroundColor: COLORS.green100,
                  borderRadius: '0 5px 5px 0',
                  fontSize: '1px',
                  lineHeight: '1px',
                }}
              >
                &nbsp;
              </td>
            </tr>
          </tbody>
        </table>
        <Text style={styles.muted}>
          {t(
            'mail.edition.raised',
            { raised: formatNaira(campaign.raised), target: formatNaira(campaign.target), percent: String(percent) },
            language,
          )}
        </Text>
        <ActionButton href={campaign.url}>{t('mail.edition.give', undefined, language)}</ActionButton>
      </Section>
    </Section>
  );
}
