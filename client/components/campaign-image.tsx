import { type ImgHTMLAttributes, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../../shared/constants';
import { imageSrcSet } from '../../shared/image-path';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string;
  width: number;
  height: number;
};

/**
 * A campaign photo with its width variants and fixed proportions (no layout shift); falls back to
 * the placeholder when the image is missing or fails to load.
 */
export function CampaignImage({ src, alt, loading = 'lazy', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const shown = failed ? PLACEHOLDER_IMAGE : src;
  return (
    <img
      {...rest}
      src={shown}
      srcSet={failed ? undefined : imageSrcSet(src)}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
