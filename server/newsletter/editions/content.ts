/**
 * What a reader of an edition gets in their language, and the edition as a mail. One place for
 * the rule that Hausa readers get the English (marked lang="en") when the Hausa half is empty:
 * the send, the test, the preview and the archive all read it here, from the bodies rendered when
 * the edition was saved (renderings.ts).
 */
import type { Kysely } from 'kysely';
import { PLACEHOLDER_IMAGE } from '../../../shared/constants';
import { isUploadedImage, resolveImagePath } from '../../../shared/image-path';
import { type Locale, t } from '../../../shared/messages';
import { editionPath } from '../../../shared/schemas/editions';
import { UNSUBSCRIBE_PAGE } from '../../../shared/schemas/newsletter';
import { isId } from '../../db/ids';
import type { Database, Row } from '../../db/schema';
import type { Deps } from '../../deps';
import { ValidationError } from '../../errors';
import { type RenderedMail, slotMarkers } from '../../mail/compose';
import { mailFrame } from '../../mail/frame';
import { siteLink } from '../../mail/links';
import type { EditionCampaignCard } from './mail';
import { MarkdownRefusal } from './markdown';
import { renderMailOffThread } from './renderer';

export interface EditionTexts {
  subject: string;
  subjectHa: string;
  body: string;
  bodyHa: string;
}

export interface ReaderText {
  subject: string;
  body: string;
  /** The language the text is in: English stands in for an empty Hausa half. */
  language: Locale;
}

/** Whether an edition has its Hausa half: a Hausa body. */
export const hasHausa = (edition: Pick<EditionTexts, 'bodyHa'>) => edition.bodyHa.trim() !== '';

/** The language a reader in `reader` reads an edition in: English stands in for a missing Hausa half. */
const readerLanguage = (hausa: boolean, reader: Locale): Locale => (reader === 'ha' && hausa ? 'ha' : 'en');

const subjectIn = (edition: Pick<EditionTexts, 'subject' | 'subjectHa'>, language: Locale) =>
  language === 'ha' ? edition.subjectHa || edition.subject : edition.subject;

export function textFor(edition: EditionTexts, reader: Locale): ReaderText {
  const language = readerLanguage(hasHausa(edition), reader);
  return { subject: subjectIn(edition, language), body: language === 'ha' ? edition.bodyHa : edition.body, language };
}

/** The languages an edition has text in: English always, Hausa when its half is written. */
export const languagesOf = (edition: EditionTexts): Locale[] => (hasHausa(edition) ? ['en', 'ha'] : ['en']);

/**
 * An edition's bodies as rendered when it was saved (renderings.ts): `htmlHa` and `excerptHa`
 * are null when it has no Hausa half.
 */
export interface Renderings {
  html: string;
  htmlHa: string | null;
  excerpt: string;
  excerptHa: string | null;
}

type Subjects = Pick<EditionTexts, 'subject' | 'subjectHa'>;

/** The rendered body a reader in `reader` gets, as textFor chooses, from what was stored. */
export function renderedFor(edition: Subjects & Pick<Renderings, 'html' | 'htmlHa'>, reader: Locale) {
  const language = readerLanguage(edition.htmlHa !== null, reader);
  const html = language === 'ha' ? (edition.htmlHa ?? '') : edition.html;
  return { subject: subjectIn(edition, language), html, language };
}

/** The excerpt a reader in `reader` gets in the archive's list, as textFor chooses. */
export function excerptFor(edition: Subjects & Pick<Renderings, 'excerpt' | 'excerptHa'>, reader: Locale) {
  const language = readerLanguage(edition.excerptHa !== null, reader);
  const excerpt = language === 'ha' ? (edition.excerptHa ?? '') : edition.excerpt;
  return { subject: subjectIn(edition, language), excerpt, language };
}

type CampaignRow = Pick<Row<'campaigns'>, 'id' | 'title' | 'titleHa' | 'image' | 'target' | 'amountRaised'>;

export const loadCampaign = (db: Kysely<Database>, id: string | null): Promise<CampaignRow | undefined> =>
  id && isId(id)
    ? db
        .selectFrom('campaigns')
        .select(['id', 'title', 'titleHa', 'image', 'target', 'amountRaised'])
        .where('id', '=', id)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/** The campaign's title in the reader's language (its English when it has no Hausa one). */
export const campaignTitle = (campaign: CampaignRow, reader: Locale): { title: string; language: Locale } =>
  reader === 'ha' && campaign.titleHa.trim() !== ''
    ? { title: campaign.titleHa, language: 'ha' }
    : { title: campaign.title, language: 'en' };

function campaignCard(deps: Pick<Deps, 'config'>, campaign: CampaignRow, reader: Locale): EditionCampaignCard {
  const { title, language } = campaignTitle(campaign, reader);
  const image = resolveImagePath(campaign.image);
  // The placeholder is an SVG, which mail programs do not show: no picture rather than a broken one.
  const imageUrl =
    image === PLACEHOLDER_IMAGE
      ? null
      : isUploadedImage(image)
        ? new URL(`${image}?w=640`, deps.config.publicUrl).href
        : image;
  return {
    title,
    titleLanguage: language,
    imageUrl,
    raised: campaign.amountRaised,
    target: campaign.target,
    url: siteLink(deps.config, `/campaign/${campaign.id}`, reader),
  };
}

/** The unsubscribe link's slot: each subscriber's own link is filled in as the message is sent. */
export const EDITION_SLOTS = ['unsubscribeUrl'] as const;

/**
 * An edition as a reader in `reader` gets it, from its stored body, rendered once in the renderer's
 * worker: the unsubscribe link is a slot unless `unsubscribeUrl` is given (a test or a preview).
 */
export async function renderEditionMail(
  deps: Pick<Deps, 'config'>,
  db: Kysely<Database>,
  edition: Pick<EditionTexts, 'subject' | 'subjectHa'> &
    Pick<Renderings, 'html' | 'htmlHa'> & { id: string | null; campaignId: string | null },
  reader: Locale,
  options: { unsubscribeUrl?: string; test?: boolean } = {},
): Promise<RenderedMail & { subject: string }> {
  const text = renderedFor(edition, reader);
  const [frame, campaign] = await Promise.all([mailFrame(deps, db), loadCampaign(db, edition.campaignId)]);
  const rendered = await renderMailOffThread(
    {
      language: reader,
      frame,
      subject: text.subject,
      bodyHtml: text.html,
      bodyLanguage: text.language,
      campaign: campaign ? campaignCard(deps, campaign, reader) : null,
      archiveUrl: siteLink(deps.config, edition.id ? editionPath(edition.id) : '/newsletter', reader),
      unsubscribeUrl: options.unsubscribeUrl ?? slotMarkers(EDITION_SLOTS).unsubscribeUrl,
      test: options.test ?? false,
    },
    deps.config.publicUrl,
  ).catch((error: unknown) => {
    // Past the renderer's time cap or heap: refused like a body that is (renderings.ts).
    if (error instanceof MarkdownRefusal) throw new ValidationError(t(error.key, error.vars));
    throw error;
  });
  return { ...rendered, subject: text.subject };
}

/** Where a test's or a preview's unsubscribe link goes: the page itself, with no subscription named. */
export const sampleUnsubscribeUrl = (deps: Pick<Deps, 'config'>, reader: Locale) =>
  siteLink(deps.config, UNSUBSCRIBE_PAGE, reader);
