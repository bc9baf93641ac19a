import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/transaction.ts';

/** Words beyond these are ignored: a search box is not a document. */
const MAX_WORDS = 8;
/** Words of the catalogue tried in place of a word that looks mistyped. */
const CORRECTIONS = 3;

/** The words of a search as the catalogue's words are indexed: lower-case letters and digits. */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter(Boolean))].slice(0, MAX_WORDS);
}

/**
 * For each word of four letters or more that begins no word of the catalogue, the catalogue's most similar
 * words (trigram similarity): `wrech` gives `wrench`.
 */
async function correctionsOf(db: Executor, words: string[]): Promise<Map<string, string[]>> {
  const mistypable = words.filter((word) => /^\p{L}{4,}$/u.test(word));
  if (mistypable.length === 0) return new Map();
  const { rows } = (await db.execute(sql`
    SELECT typed.word, array(
      SELECT known.word FROM catalogue_words known WHERE known.word % typed.word
      ORDER BY similarity(known.word, typed.word) DESC, known.word LIMIT ${CORRECTIONS}
    ) AS similar
    FROM unnest(string_to_array(${mistypable.join(' ')}, ' ')) AS typed(word)
    WHERE NOT EXISTS (SELECT 1 FROM catalogue_words known WHERE known.word LIKE typed.word || '%')`)) as {
    rows: Array<{ word: string; similar: string[] }>;
  };
  return new Map(rows.map((row) => [row.word, row.similar]));
}

/**
 * The condition that a tool's name and details have every word of `q`, in any order, each as the start of one
 * of their words (`grind` finds `grinder`) or, for a word that looks mistyped, one of the words it may have
 * meant. Undefined when `q` has no words.
 */
export async function catalogueSearch(db: Executor, q: string | undefined): Promise<SQL | undefined> {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const corrections = await correctionsOf(db, words);
  // Only letters and digits: nothing in it can be read as tsquery syntax.
  const query = words
    .map((word) => `(${[word, ...(corrections.get(word) ?? [])].map((each) => `${each}:*`).join(' | ')})`)
    .join(' & ');
  return sql`search_words @@ to_tsquery('simple', ${query})`;
}
