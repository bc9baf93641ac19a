const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8L12 2.5z';

/**
 * A rating shown as five stars. The spec: ratings from 1 to 4 show with halves, anything else as 5.
 */
export function Stars({ rating, className = 'size-5' }: { rating: number; className?: string }) {
  const shown = rating >= 1 && rating <= 4 ? Math.round(rating * 2) / 2 : 5;
  return (
    <span className="text-primary inline-flex" role="img" aria-label={`${shown} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = shown >= position ? 1 : shown >= position - 0.5 ? 0.5 : 0;
        return (
          <svg key={position} viewBox="0 0 24 24" className={className} aria-hidden="true">
            <defs>
              <linearGradient id={`star-${position}-${fill}`}>
                <stop offset={`${fill * 100}%`} stopColor="currentColor" />
                <stop offset={`${fill * 100}%`} stopColor="#d1d5db" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={`url(#star-${position}-${fill})`} />
          </svg>
        );
      })}
    </span>
  );
}

export const STAR_PATH = STAR;
