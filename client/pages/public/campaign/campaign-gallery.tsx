import { type KeyboardEvent, useRef, useState } from 'react';
import { kilobytes } from '../../../../shared/data-saver';
import type { ImageInfo } from '../../../../shared/image-path';
import { t } from '../../../../shared/messages';
import { CampaignImage } from '../../../components/campaign-image';
import { useDataSaver } from '../../../lib/data-saver';

const SWIPE_PX = 40;

/**
 * The main gallery photo and its thumbnails. Thumbnails are buttons (aria-pressed); arrow keys,
 * Home and End move between them, and a horizontal swipe on the photo does the same on touch.
 * With data saver on, no photo loads until it is asked for: the main photo is a button that says
 * what it costs, and the thumbnails show numbers.
 */
export function CampaignGallery({
  images,
  title,
  info = {},
}: {
  images: readonly string[];
  title: string;
  info?: Record<string, ImageInfo> | undefined;
}) {
  const saver = useDataSaver();
  const [asked, setAsked] = useState<ReadonlySet<string>>(() => new Set());
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touchStart = useRef<number | null>(null);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  if (!current) return null;

  const select = (next: number, focus: boolean) => {
    const wrapped = (next + total) % total;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className="gallery">
      <div
        className="gallery__main"
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          const end = e.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
          select(end < start ? index + 1 : index - 1, false);
        }}
      >
        {saver && !asked.has(current) ? (
          <button
            type="button"
            className="gallery__ask"
            onClick={() => setAsked(new Set(asked).add(current))}
            data-testid="gallery-ask"
          >
            {info[current]?.bytes
              ? t('detail.showPhotoSize', { size: kilobytes(info[current].bytes) })
              : t('detail.showPhoto')}
          </button>
        ) : (
          <CampaignImage
            key={current}
            src={current}
            alt={t('detail.galleryImageAlt', { number: index + 1, total, title })}
            width={1024}
            height={640}
            sizes="(min-width: 1100px) 44rem, 100vw"
            info={info[current]}
            loading={saver ? 'eager' : 'lazy'}
            data-testid="gallery-main"
          />
        )}
      </div>
      {total > 1 && (
        <>
          <p className="visually-hidden">{t('detail.galleryHint')}</p>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the thumbnail buttons inside */}
          <div className="gallery__thumbs" onKeyDown={onKeyDown}>
            {images.map((src, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice; order is fixed
                key={i}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                className="gallery__thumb"
                aria-pressed={i === index}
                aria-label={t('detail.showImage', { number: i + 1, total })}
                tabIndex={i === index ? 0 : -1}
                onClick={() => select(i, false)}
              >
                {saver && !asked.has(src) ? (
                  <span className="gallery__number">{i + 1}</span>
                ) : (
                  <CampaignImage src={src} alt="" width={160} height={100} sizes="6rem" info={info[src]} />
                )}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
