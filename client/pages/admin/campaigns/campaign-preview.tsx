/**
 * "Preview": the public campaign page as it will look on a phone, drawn from what the editor
 * holds, before anything is saved. The page is drawn in a frame 390 px wide: a frame is a window
 * of its own, so the page's phone layout (its media queries) applies as on a phone. The site's
 * styles are copied into the frame, also those that load later (the give form's), and the public
 * page's own components are drawn into it from here, through a portal, with the editor's values.
 * Nothing in the frame can be used (it is inert): a preview takes no pledges.
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { resolveImagePath } from '../../../../shared/image-path';
import { t } from '../../../../shared/messages';
import type { Campaign } from '../../../../shared/schemas/answers';
import type { CampaignInput } from '../../../../shared/schemas/campaign';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';

/** The public page's code (and styles) load when a preview is first opened, not with the editor. */
const CampaignDetail = lazy(() =>
  import('../../public/campaign/campaign-page').then((m) => ({ default: m.CampaignDetail })),
);

/** The width of the phone the page is shown on. */
export const PREVIEW_WIDTH = 390;

type Bank = Pick<Campaign, 'accountName' | 'accountNumber' | 'bankName'>;

const naira = (value: unknown) => {
  const n = Number(String(value ?? '').replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The campaign as the public page would receive it once saved: image paths resolved, updates
 * newest first, and the foundation's account where the campaign has none of its own (as the
 * server answers).
 */
export function previewCampaign(values: Partial<CampaignInput>, id: string, foundation: Bank | undefined): Campaign {
  const overview = values.overview ?? {};
  const ownAccount = text(values.accountNumber) !== '';
  const now = new Date().toISOString();
  return {
    _id: id,
    title: text(values.title),
    titleHa: text(values.titleHa),
    shortDescription: text(values.shortDescription),
    shortDescriptionHa: text(values.shortDescriptionHa),
    description: text(values.description),
    descriptionHa: text(values.descriptionHa),
    overview: {
      mainText: text(overview.mainText),
      challengeText: text(overview.challengeText),
      solutionText: text(overview.solutionText),
      impactText: text(overview.impactText),
      mainTextHa: text(overview.mainTextHa),
      challengeTextHa: text(overview.challengeTextHa),
      solutionTextHa: text(overview.solutionTextHa),
      impactTextHa: text(overview.impactTextHa),
    },
    updates: (values.updates ?? [])
      .filter((u) => text(u.content) !== '')
      .map((u, i) => ({
        _id: `preview-${i}`,
        date: text(u.date),
        content: text(u.content),
        contentHa: text(u.contentHa),
      }))
      .sort((a, b) => b.date.localeCompare(a.date)),
    image: resolveImagePath(text(values.image)),
    galleryImages: (values.galleryImages ?? []).filter(Boolean).map((path) => resolveImagePath(path)),
    target: naira(values.target),
    amountRaised: naira(values.amountRaised),
    supporters: 0,
    status: 'active',
    location: text(values.location) as Campaign['location'],
    category: (text(values.category) || null) as Campaign['category'],
    endDate: text(values.endDate) || null,
    impact: text(values.impact),
    accountName: ownAccount ? text(values.accountName) : (foundation?.accountName ?? ''),
    accountNumber: ownAccount ? text(values.accountNumber) : (foundation?.accountNumber ?? ''),
    bankName: ownAccount ? text(values.bankName) : (foundation?.bankName ?? ''),
    createdAt: now,
    updatedAt: now,
  };
}

/** The frame's body once it exists, with the page's styles copied in and kept in step. */
function useFrameBody(frame: HTMLIFrameElement | null): HTMLElement | null {
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const doc = frame?.contentDocument;
    if (!doc) return;
    doc.documentElement.lang = document.documentElement.lang;
    const copied = new WeakSet<Element>();
    const copyStyles = () => {
      for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"], style')) {
        if (copied.has(sheet)) continue;
        copied.add(sheet);
        doc.head.append(sheet.cloneNode(true));
      }
    };
    copyStyles();
    // A part that loads later (the give form) brings its styles to this page's head: copied too.
    const observer = new MutationObserver(copyStyles);
    observer.observe(document.head, { childList: true });
    setBody(doc.body);
    return () => observer.disconnect();
  }, [frame]);
  return body;
}

export function CampaignPreview({
  values,
  campaignId,
  onClose,
}: {
  values: Partial<CampaignInput>;
  campaignId: string | undefined;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const body = useFrameBody(frame);
  const titleId = useId();
  const noteId = useId();
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const campaign = useMemo(
    () => previewCampaign(values, campaignId ?? '', settings.data?.bank),
    [values, campaignId, settings.data],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog admin-preview"
      aria-labelledby={titleId}
      aria-describedby={noteId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="admin-preview__head">
        <h2 id={titleId} className="admin-section-title">
          {t('admin.form.previewTitle')}
        </h2>
        <button type="button" className="btn btn--staff btn--dark btn--small" onClick={onClose}>
          {t('admin.form.previewClose')}
        </button>
      </div>
      <p id={noteId} className="admin-muted admin-preview__note">
        {t('admin.form.previewNote')}
      </p>
      <iframe
        ref={setFrame}
        className="admin-preview__frame"
        title={t('admin.form.previewFrame')}
        width={PREVIEW_WIDTH}
        data-testid="campaign-preview"
      />
      {body &&
        createPortal(
          <div inert>
            <Suspense fallback={<Spinner />}>
              <CampaignDetail campaign={campaign} refused={false} />
            </Suspense>
          </div>,
          body,
        )}
    </dialog>
  );
}
