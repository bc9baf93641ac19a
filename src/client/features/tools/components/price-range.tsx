import { useId } from 'react';
import { formatDollars } from '#shared/money.ts';
import { useDraft } from '#client/lib/use-draft.ts';
import { PRICE_MAX } from './catalogue-query.ts';

const isPrice = (text: string) => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value) && value >= 0 && value <= PRICE_MAX;
};
const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

interface PriceRangeProps {
  min: number | undefined;
  max: number | undefined;
  /** Applies a bound ('' removes it). */
  onChange: (bound: 'minPrice' | 'maxPrice', value: string, options: { replace: boolean }) => void;
}

/** The lowest and highest price per piece, in dollars, applied as the buyer pauses typing. */
export function PriceRange({ min, max, onChange }: PriceRangeProps) {
  const id = useId();
  const low = useDraft(asText(min), (value, options) => onChange('minPrice', value, options), {
    valid: (text) => text === '' || (isPrice(text) && (max === undefined || Number(text) <= max)),
  });
  const high = useDraft(asText(max), (value, options) => onChange('maxPrice', value, options), {
    valid: (text) => text === '' || (isPrice(text) && (min === undefined || Number(text) >= min)),
  });
  const badNumber = [low.tidy, high.tidy].some((text) => text !== '' && !isPrice(text));
  const crossed = !badNumber && low.tidy !== '' && high.tidy !== '' && Number(low.tidy) > Number(high.tidy);
  const problem = badNumber
    ? `Prices go from $0 to ${formatDollars(PRICE_MAX)}.`
    : crossed
      ? 'The lowest price is above the highest.'
      : '';

  const field = (label: string, name: string, draft: typeof low) => (
    <label className="flex flex-col gap-1 text-sm">
      <span>{label}</span>
      <input
        type="number"
        name={name}
        className="input h-11 w-28"
        inputMode="decimal"
        min={0}
        max={PRICE_MAX}
        step="0.01"
        placeholder="$"
        aria-invalid={problem !== ''}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Enter') draft.flush();
        }}
        {...draft.inputProps}
      />
    </label>
  );

  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">Price per piece ($)</legend>
      <div className="flex items-end gap-2">
        {field('Min', 'minPrice', low)}
        <span aria-hidden="true" className="pb-2.5">
          –
        </span>
        {field('Max', 'maxPrice', high)}
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-error mt-1 text-sm">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
