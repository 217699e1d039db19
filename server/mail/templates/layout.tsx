/**
 * The frame of every mail: the foundation's name, the message, a signature and a footer. Inline
 * styles only, in one narrow column, so Gmail, Outlook and a phone's mail app show it alike.
 * React Email's components write the table markup that old mail programs need.
 */

import type { CSSProperties, ReactNode } from 'react';
import { FOUNDATION } from '../../../shared/constants';
import { type Locale, t } from '../../../shared/messages';
import { repeatable } from '../typed-text';
import { COLORS } from './colors';
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from './components';

export { COLORS };

const FONT = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif";

export const styles = {
  body: { backgroundColor: COLORS.bg, margin: 0, padding: '16px 0', fontFamily: FONT, color: COLORS.text },
  container: {
    backgroundColor: '#ffffff',
    border: `1px solid ${COLORS.border}`,
    borderRadius: '12px',
    maxWidth: '560px',
    padding: '24px 20px',
  },
  brand: { fontSize: '15px', fontWeight: 700, color: COLORS.green700, margin: '0 0 16px' },
  heading: { fontSize: '22px', lineHeight: '28px', fontWeight: 700, color: COLORS.green, margin: '0 0 12px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: COLORS.muted, margin: '0 0 8px' },
  button: {
    backgroundColor: COLORS.green700,
    borderRadius: '8px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 700,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  box: { backgroundColor: COLORS.green100, borderRadius: '8px', padding: '12px 16px', margin: '0 0 16px' },
  label: { fontSize: '13px', lineHeight: '18px', color: COLORS.muted, margin: '0' },
  value: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '0 0 8px', wordBreak: 'break-all' },
  link: { color: COLORS.green700, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

export interface LayoutProps {
  language: Locale;
  /** The line a mail program shows after the subject. */
  preview: string;
  children: ReactNode;
  /** Shown at the foot: how to stop this kind of mail (the newsletter's unsubscribe). */
  footer?: ReactNode;
  /** Why the reader gets this mail, when the general reason (something they did) is not it. */
  why?: string;
  /** Where questions go: the foundation's contact address from Settings. */
  contactEmail: string;
  siteUrl: string;
}

export function MailLayout({ language, preview, children, footer, why, contactEmail, siteUrl }: LayoutProps) {
  const site = new URL(siteUrl).host;
  return (
    <Html lang={language} dir="ltr">
      <Head>
        {/* Phone mail apps that show the HTML in a web view lay it out at the phone's width. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{FOUNDATION.name}</Text>
          {children}
          <Text style={{ ...styles.text, whiteSpace: 'pre-line', marginTop: '20px' }}>
            {t('mail.signature', { name: FOUNDATION.shortName }, language)}
          </Text>
          <Hr style={{ borderColor: COLORS.border, margin: '20px 0 12px' }} />
          {footer}
          <Text style={styles.muted}>{why ?? t('mail.footerWhy', { site }, language)}</Text>
          <Text style={styles.muted}>{t('mail.footerContact', { email: contactEmail }, language)}</Text>
          <Text style={styles.muted}>
            {t('mail.footerAddress', { name: FOUNDATION.name, address: FOUNDATION.address }, language)}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The main action of a mail: a button, with the address written out below for plain text. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/**
 * The first words of a mail: the reader's name as they typed it, or a generic greeting when there
 * is none or it holds a link (typed-text.ts): a stranger's words never open the foundation's mail.
 */
export function Greeting({ name, language }: { name?: string | undefined; language: Locale }) {
  const shown = repeatable(name);
  return (
    <Text style={styles.text}>
      {shown ? t('mail.greeting', { name: shown }, language) : t('mail.greetingNoName', undefined, language)}
    </Text>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}
