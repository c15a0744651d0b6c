import type { THomeBanner } from '@academy/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import classes from './BannerCarousel.module.css';

const AUTOPLAY_MS = 6000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home page's banner photos, one at a time. It moves on by itself every few seconds unless
 * the visitor points at it, focuses it or asks for reduced motion; arrows, dots and the arrow keys
 * move it by hand.
 */
export function BannerCarousel({ banners }: { banners: THomeBanner[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (!count) return null;
  const go = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    if (event.key === 'ArrowRight') go(current + 1);
  };

  return (
    <section
      className={classes.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={onKeyDown}
      data-testid="banner-carousel"
    >
      <div className={classes.track} style={{ transform: `translateX(-${current * 100}%)` }}>
        {banners.map((banner, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
          <div
            key={banner.id}
            className={classes.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.bannerOf', { index: i + 1, count })}
            aria-hidden={i !== current}
          >
            <ResponsiveImage
              image={banner.image}
              alt=""
              sizes="100vw"
              priority={i === 0}
              className={classes.image}
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${classes.arrow} ${classes.previous}`}
            onClick={() => go(current - 1)}
            aria-label={t('home.previousBanner')}
          >
            <IconChevronLeft size={22} aria-hidden />
          </button>
          <button
            type="button"
            className={`${classes.arrow} ${classes.next}`}
            onClick={() => go(current + 1)}
            aria-label={t('home.nextBanner')}
          >
            <IconChevronRight size={22} aria-hidden />
          </button>
          <div className={classes.dots}>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={classes.dot}
                data-active={i === current || undefined}
                aria-label={t('home.showBanner', { index: i + 1 })}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
