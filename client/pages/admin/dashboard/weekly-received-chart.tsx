/**
 * Received per week as a small SVG bar chart, drawn at the width of its card (measured), so it
 * fits a phone as it is, with its labels at their real size and no sideways scrolling; the
 * labels thin out where the bars are narrow.
 */
import { useEffect, useRef, useState } from 'react';
import { shortDay } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import type { RouterOutputs } from '../../../lib/trpc';

type Week = RouterOutputs['gifts']['summary']['receivedPerWeek'][number];

/** The width before the card is measured (and the widest the chart is drawn). */
const WIDE = 720;
const HEIGHT = 180;
const PAD = { top: 8, bottom: 24, left: 8, right: 8 };
/** Room a date label needs ("26 Nov" at 12 px, with a gap). */
const LABEL_ROOM = 56;
/** A week with money in it shows at least this high, however small beside the others. */
const MIN_BAR = 2;

/** The element's content width, followed as it changes. */
function useWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function WeeklyReceivedChart({ weeks }: { weeks: Week[] }) {
  const [ref, measured] = useWidth<HTMLDivElement>(WIDE);
  const width = Math.max(160, Math.min(WIDE, measured));
  const top = Math.max(1, ...weeks.map((w) => w.amount));
  const slot = (width - PAD.left - PAD.right) / Math.max(1, weeks.length);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  // Every week labelled where there is room; otherwise every 2nd, 3rd…, counted from the newest.
  const every = Math.max(1, Math.ceil(LABEL_ROOM / slot));
  return (
    <div ref={ref} className="admin-chart-fit">
      <svg
        className="admin-chart admin-chart--fit"
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby="giving-chart-title"
      >
        <title id="giving-chart-title">{t('admin.giving.weeklyChart', { weeks: weeks.length })}</title>
        <line
          x1={PAD.left}
          x2={width - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
          className="admin-chart__grid"
        />
        {weeks.map((week, i) => {
          const h = week.amount > 0 ? Math.max(MIN_BAR, (week.amount / top) * plotH) : 0;
          const x = PAD.left + i * slot + slot * 0.2;
          return (
            <g key={week.week}>
              <rect
                x={x}
                width={slot * 0.6}
                y={PAD.top + plotH - h}
                height={h}
                className="admin-chart__bar admin-chart__bar--volunteer"
              />
              {(weeks.length - 1 - i) % every === 0 && (
                <text x={x + slot * 0.3} y={HEIGHT - 6} textAnchor="middle" className="admin-chart__label">
                  {shortDay(week.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
