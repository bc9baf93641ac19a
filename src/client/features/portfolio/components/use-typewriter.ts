import { useEffect, useState } from 'react';

export interface TypewriterTiming {
  /** Milliseconds per character, both writing and deleting. */
  speed: number;
  /** Pause before the first character of each word. */
  beforeWrite: number;
  /** Pause with the whole word shown, before deleting it. */
  beforeDelete: number;
}

interface Position {
  word: number;
  length: number;
  deleting: boolean;
}

function deleteOne(at: Position, wordCount: number): Position {
  return at.length > 1
    ? { ...at, length: at.length - 1, deleting: true }
    : { word: (at.word + 1) % wordCount, length: 0, deleting: false };
}

/** Writes each word character by character, holds it, deletes it and goes on to the next, endlessly. */
export function useTypewriter(
  words: readonly string[],
  { speed, beforeWrite, beforeDelete }: TypewriterTiming,
) {
  const [at, setAt] = useState<Position>({ word: 0, length: 0, deleting: false });
  const word = words[at.word] ?? '';

  useEffect(() => {
    let delay = speed;
    let next: Position;
    if (at.deleting) next = deleteOne(at, words.length);
    else if (at.length < word.length) {
      if (at.length === 0) delay = beforeWrite;
      next = { ...at, length: at.length + 1 };
    } else {
      delay = beforeDelete;
      next = deleteOne(at, words.length);
    }
    const timer = setTimeout(() => setAt(next), delay);
    return () => clearTimeout(timer);
  }, [at, word, words.length, speed, beforeWrite, beforeDelete]);

  return word.slice(0, at.length);
}
