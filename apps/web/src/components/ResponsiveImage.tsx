import type { TResponsiveImage } from '@academy/contract';
import { type CSSProperties, useEffect, useRef, useState } from 'react';

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

/**
 * How close to the viewport a lazy picture starts loading. The browser's own `loading="lazy"`
 * fetches everything within 1,250–2,500 px, i.e. the whole home page: a page's first load should
 * fetch what is on screen (issue 21).
 */
const NEAR = '300px 0px';

/** True once the element is within NEAR of the viewport (at once where there is no observer). */
function useNearViewport(eager: boolean) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * A stored picture with every width in `srcset`, sized to avoid layout shifts (width and height),
 * loaded when it comes near the viewport unless it is above the fold (`priority`).
 */
export function ResponsiveImage({ image, alt, sizes, priority, className, style }: ResponsiveImageProps) {
  const { ref, near } = useNearViewport(priority === true);
  return (
    <img
      ref={ref}
      src={near ? image.src : undefined}
      srcSet={near ? image.srcset : undefined}
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
