import { useId, useState } from 'react';
import { STAR_PATH } from './stars.tsx';

/**
 * Five clickable stars: they light up under the pointer and stay at the chosen value. Built on radio
 * buttons, so arrow keys choose and screen readers announce "3 stars, 3 of 5".
 */
export function StarRating({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const lit = hovered || value;
  return (
    <fieldset className="flex items-center gap-1" onMouseLeave={() => setHovered(0)}>
      <legend className="mb-1 text-sm font-semibold">Your rating</legend>
      {[1, 2, 3, 4, 5].map((star) => (
        <label
          key={star}
          className="cursor-pointer rounded-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary"
          onMouseEnter={() => setHovered(star)}
        >
          <input
            type="radio"
            name={name}
            value={star}
            checked={value === star}
            onChange={() => onChange(star)}
            className="sr-only"
            aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
          />
          <svg
            viewBox="0 0 24 24"
            className={`size-9 transition-colors ${star <= lit ? 'text-primary' : 'text-base-300'}`}
            aria-hidden="true"
          >
            <path d={STAR_PATH} fill="currentColor" />
          </svg>
        </label>
      ))}
    </fieldset>
  );
}
