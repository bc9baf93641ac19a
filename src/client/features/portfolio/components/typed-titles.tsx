import { usePrefersReducedMotion } from '#client/lib/reduced-motion.ts';
import { useTypewriter } from './use-typewriter.ts';
import './typed-cursor.css';

// The spec's typing animation.
const timing = { speed: 150, beforeWrite: 1000, beforeDelete: 2000 };

function Typing({ titles }: { titles: readonly string[] }) {
  const text = useTypewriter(titles, timing);
  return (
    <>
      <span data-testid="typed-title">{text}</span>
      <span className="typed-cursor ml-0.5 font-light">|</span>
    </>
  );
}

/**
 * Types the titles one after another. Screen readers get the whole list at once instead; with reduced motion
 * the first title simply stands still.
 */
export function TypedTitles({ titles, className }: { titles: readonly string[]; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <p className={className}>
      <span className="sr-only">{titles.join(', ')}</span>
      <span aria-hidden="true">
        {reducedMotion ? <span data-testid="typed-title">{titles[0]}</span> : <Typing titles={titles} />}
      </span>
    </p>
  );
}
