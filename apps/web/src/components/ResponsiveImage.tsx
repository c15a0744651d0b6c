import type { TResponsiveImage } from '@academy/contract';
import type { CSSProperties } from 'react';

interface ResponsiveImageProps {
  image: TResponsiveImage;
  alt: string;
  /** The `sizes` attribute: how wide the picture is shown, so the browser picks a width. */
  sizes: string;
  /** Above the fold: load at once with high priority; otherwise lazily. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/** A stored picture with every width in `srcset`, lazy below the fold, sized to avoid layout shifts. */
export function ResponsiveImage({ image, alt, sizes, priority, className, style }: ResponsiveImageProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
      style={style}
    />
  );
}
