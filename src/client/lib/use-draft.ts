import { useEffect, useRef, useState, type ChangeEvent } from 'react';

/** How long typing pauses before what was typed is applied. */
export const TYPING_PAUSE_MS = 300;

/**
 * A text field over an applied value (a search in the page's address, say): what the person types shows at
 * once and is applied after a pause in the typing, or at once by `flush()` (Enter), trimmed. `apply` is told
 * whether to replace the history entry: the first change of a visit to the field adds one, the rest of the
 * same typing replace it, so that back returns to the list from before the search rather than one letter
 * back. When the value changes from elsewhere (back, a clear button), the field shows it. Nothing is applied
 * while `valid` says no.
 */
export function useDraft(
  value: string,
  apply: (text: string, options: { replace: boolean }) => void,
  { valid = () => true }: { valid?: (text: string) => boolean } = {},
) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  /** What was last applied from here, until the value comes back as that. */
  const [sent, setSent] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    setSent(null);
    if (value !== sent && value !== text.trim()) setText(value);
  }
  const tidy = text.trim();
  const waiting = tidy !== value && tidy !== sent && valid(tidy);

  const appliedThisVisit = useRef(false);
  const latest = useRef({ apply, tidy, waiting });
  useEffect(() => {
    latest.current = { apply, tidy, waiting };
  });

  const flush = () => {
    const { apply, tidy, waiting } = latest.current;
    if (!waiting) return;
    apply(tidy, { replace: appliedThisVisit.current });
    appliedThisVisit.current = true;
    setSent(tidy);
  };

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(flush, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // flush reads the latest values through a ref: a render for another reason does not restart the pause.
  }, [waiting, tidy]);

  return {
    text,
    /** What was typed, trimmed, applied or not. */
    tidy,
    flush,
    /** Shows `text` without applying it (the caller applies what it means). */
    reset: (text: string) => {
      setText(text);
      setSent(null);
    },
    inputProps: {
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
      onFocus: () => {
        appliedThisVisit.current = false;
      },
    },
  };
}
