import { progressBarWidth, progressPercent } from '../../shared/format';
import { t } from '../../shared/messages';

/** A bar filled to `percent` (clamped to 0..100) with its accessible name and, if given, a visible caption. */
export function ProgressBar({
  percent,
  label,
  valueText,
  caption,
}: {
  percent: number;
  label: string;
  valueText?: string;
  caption?: string;
}) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={valueText}
      >
        <div className="progress__fill" style={{ width: `${width}%` }} />
      </div>
      {caption && <span className="progress__label">{caption}</span>}
    </div>
  );
}

/**
 * Raised versus target: the bar is capped at 100% while the caption shows the
 * rounded, uncapped ratio, so an over-funded campaign reads e.g. 120%.
 */
export function FundingProgress({ raised, target }: { raised: number; target: number }) {
  const percent = progressPercent(raised, target);
  return (
    <ProgressBar
      percent={progressBarWidth(raised, target)}
      label={t('campaign.progressLabel')}
      valueText={t('campaign.percentFunded', { percent })}
      caption={`${percent}%`}
    />
  );
}
