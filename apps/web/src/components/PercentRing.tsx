import type { ReactNode } from 'react';

/**
 * A ring filled to `percent` with a label in its middle. Mantine's RingProgress brings its tooltip
 * and with it the overlays chunk (~38 KB gzip) into the course page for a picture (issue 21).
 */
export function PercentRing({
  percent,
  size,
  thickness,
  color,
  label,
}: {
  percent: number;
  size: number;
  thickness: number;
  /** A CSS colour (e.g. a Mantine variable). */
  color: string;
  label: ReactNode;
}) {
  const radius = (size - thickness) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(Math.max(percent, 0), 100) / 100) * circumference;
  return (
    <div style={{ position: 'relative', width: size, height: size, flexShrink: 0 }}>
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden
        style={{ transform: 'rotate(-90deg)' }}
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-4))"
          strokeWidth={thickness}
        />
        {filled > 0 && (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            stroke={color}
            strokeWidth={thickness}
            strokeLinecap="round"
            strokeDasharray={`${filled} ${circumference}`}
          />
        )}
      </svg>
      <div
        style={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {label}
      </div>
    </div>
  );
}
