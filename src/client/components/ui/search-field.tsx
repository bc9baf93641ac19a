import { useId, useRef } from 'react';
import type { SEARCH_MAX_LENGTH } from '#shared/schemas/common.ts';
import { useDraft } from '#client/lib/use-draft.ts';

/** The longest search the API takes, checked against the contract's (whose module would bring zod). */
const MAX_LENGTH: typeof SEARCH_MAX_LENGTH = 100;

interface SearchFieldProps {
  label: string;
  /** The search applied now (from the page's address). */
  value: string;
  /** Applies a search: after a pause in the typing, on Enter, or '' from the clear button. */
  onSearch: (value: string, options: { replace: boolean }) => void;
  placeholder?: string;
  className?: string;
}

/**
 * A search box: labelled, applied as the person pauses typing (about 300 ms) or presses Enter, with a button
 * that empties it. Every control is at least 44 px tall.
 */
export function SearchField({ label, value, onSearch, placeholder, className = '' }: SearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const draft = useDraft(value, onSearch);
  const clear = () => {
    draft.reset('');
    if (value) onSearch('', { replace: false });
    input.current?.focus();
  };
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        draft.flush();
      }}
    >
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="input h-11 w-full gap-2 pr-0">
        <svg viewBox="0 0 24 24" className="size-5 shrink-0 opacity-60" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="m21 21-4.3-4.3M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z"
          />
        </svg>
        <input
          ref={input}
          id={id}
          type="search"
          className="grow [&::-webkit-search-cancel-button]:appearance-none"
          maxLength={MAX_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          {...draft.inputProps}
        />
        {draft.text !== '' && (
          <button
            type="button"
            className="btn btn-ghost btn-square -my-px size-11 rounded-l-none"
            onClick={clear}
          >
            <span aria-hidden="true" className="text-lg leading-none">
              ×
            </span>
            <span className="sr-only">Empty the search box</span>
          </button>
        )}
      </div>
    </form>
  );
}
