import { type ImgHTMLAttributes, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '../../shared/constants';
import { DATA_SAVER_WIDTH } from '../../shared/data-saver';
import { type ImageInfo, imageSrcSet, imageVariant, isUploadedImage } from '../../shared/image-path';
import { useDataSaver } from '../lib/data-saver';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string;
  width: number;
  height: number;
  /** From the page's data: with AVIF copies, they are offered first. */
  info?: ImageInfo | undefined;
};

/**
 * A campaign photo with its width variants and fixed proportions (no layout shift); falls back to
 * the placeholder when the image is missing or fails to load. With data saver on, only the
 * narrowest copy.
 */
export function CampaignImage({ src, alt, loading = 'lazy', info, ...rest }: Props) {
  const saver = useDataSaver();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  const uploaded = !failed && isUploadedImage(src);
  const image = (
    <img
      {...rest}
      src={failed ? PLACEHOLDER_IMAGE : uploaded && saver ? imageVariant(src, DATA_SAVER_WIDTH) : src}
      srcSet={failed || saver ? undefined : imageSrcSet(src)}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
  if (!uploaded || !info?.avif) return image;
  return (
    <picture className="campaign-picture">
      <source
        type="image/avif"
        srcSet={saver ? imageVariant(src, DATA_SAVER_WIDTH, 'avif') : imageSrcSet(src, 'avif')}
        sizes={saver ? undefined : rest.sizes}
      />
      {image}
    </picture>
  );
}
