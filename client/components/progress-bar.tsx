import { progressBarWidth, progressPercent } from '../../shared/format';
import { t } from '../../shared/messages';

/**
 * Raised versus target: the bar is capped at 100% (SPEC section 9) while the label shows the
 * rounded, uncapped ratio, so an over-funded campaign reads e.g. 120%.
 */
export function ProgressBar({ raised, target }: { raised: number; target: number }) {
  const percent = progressPercent(raised, target);
  const width = progressBarWidth(raised, target);
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={t('campaign.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={t('campaign.percentFunded', { percent })}
      >
        <div className="progress__fill" style={{ width: `${width}%` }} />
      </div>
      <span className="progress__label">{`${percent}%`}</span>
    </div>
  );
}
