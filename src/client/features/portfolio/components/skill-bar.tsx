import { useId } from 'react';
import { useInView } from 'react-intersection-observer';
import type { Skill } from '#client/content/portfolio.ts';
import { usePrefersReducedMotion } from '#client/lib/reduced-motion.ts';

const rangeLabel = { 1: 'basic', 2: 'good' } as const;

/** A skill's level as a bar that fills (3000 ms, after 1000 ms) once 80 % of it is on screen. */
export function SkillBar({ skill }: { skill: Skill }) {
  const reducedMotion = usePrefersReducedMotion();
  const { ref, inView } = useInView({ threshold: 0.8, triggerOnce: true, skip: reducedMotion });
  const nameId = useId();
  const range = rangeLabel[skill.range];
  const filled = reducedMotion || inView;

  return (
    <li ref={ref}>
      <div className="flex items-center justify-between gap-3">
        <span id={nameId} className="font-semibold">
          {skill.name}
        </span>
        <span className="flex shrink-0 items-center gap-2 text-sm">
          <span className="font-mono font-semibold tabular-nums">{skill.level}</span>
          <span className={`badge badge-sm w-14 ${skill.range === 2 ? 'badge-neutral' : 'badge-outline'}`}>
            {range}
          </span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={skill.level}
        aria-valuetext={`${skill.level} of 100, ${range}`}
        className="bg-base-200 ring-base-content/15 mt-2 h-3 overflow-hidden rounded-full ring-1 ring-inset"
      >
        <div
          className={`bg-primary h-full rounded-full ${reducedMotion ? '' : 'transition-[width] delay-1000 duration-3000 ease-out'}`}
          style={{ width: filled ? `${skill.level}%` : '0%' }}
        />
      </div>
    </li>
  );
}
