/**
 * The React Email parts the mails are written with, each from its own package: the all-in-one
 * `@react-email/components` also loads Tailwind, Prism and a Markdown renderer, some 30 MB of
 * memory in every server process, for parts no mail here uses. The renderer is loaded with the
 * first mail (server/mail/compose.ts).
 */
export { Body } from '@react-email/body';
export { Button } from '@react-email/button';
export { Container } from '@react-email/container';
export { Head } from '@react-email/head';
export { Heading } from '@react-email/heading';
export { Hr } from '@react-email/hr';
export { Html } from '@react-email/html';
export { Link } from '@react-email/link';
export { Preview } from '@react-email/preview';
export { Section } from '@react-email/section';
export { Text } from '@react-email/text';
