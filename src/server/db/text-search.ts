import { sql, type SQL } from 'drizzle-orm';

/** Words beyond these are ignored: a search box is not a document. */
const MAX_WORDS = 8;

/**
 * pg_trgm's word-similarity threshold, which `<%` and its index read from the session (0.6 by default):
 * db/client.ts sets it on every connection. At 0.5 one wrong letter in a five-letter word still matches.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;
export const SET_WORD_SIMILARITY_THRESHOLD = `SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

/**
 * `url` with the threshold among the settings PostgreSQL applies as each connection starts (its `options`,
 * after any the URL already gives). A SET sent as a pool's connection opens would be queued behind the query
 * the connection was opened for, which node-postgres deprecates and its next major version refuses.
 */
export function withWordSimilarityThreshold(url: string): string {
  const parsed = new URL(url);
  const setting = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;
  const given = parsed.searchParams.get('options');
  parsed.searchParams.set('options', given ? `${given} ${setting}` : setting);
  return parsed.toString();
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Only a word of four letters or more is taken as possibly mistyped: a short word would be "similar" to far
 * too much (`cat` to `Carla`), and an e-mail address or a number is typed to be found as it is.
 */
const MISTYPABLE = /^\p{L}{4,}$/u;

/**
 * The condition that every word of `q` is found in `text`, in any order, as part of a word (`m10` in
 * `M10x40`) or, for a word of letters only, as a word a small typo away (`wrech` for `wrench`: pg_trgm's word
 * similarity). Undefined when `q` has no words. `text` must be the expression a trigram index is built on
 * (schema.ts) for it to be used.
 */
export function everyWordFound(text: SQL, q: string | undefined): SQL | undefined {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) =>
      MISTYPABLE.test(word)
        ? sql`(${text} ILIKE ${likePattern(word)} OR ${word} <% (${text}))`
        : sql`${text} ILIKE ${likePattern(word)}`,
    ),
    sql` AND `,
  );
}
