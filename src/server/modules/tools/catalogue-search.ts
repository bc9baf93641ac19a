import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/transaction.ts';

/** Words beyond these are ignored: a search box is not a document. */
const MAX_WORDS = 8;
/** Words of the catalogue tried in place of a word that looks mistyped. */
const CORRECTIONS = 3;
/** A search word that begins more of the catalogue's words than this is searched as a prefix. */
const MAX_WORDS_BEGUN = 20;
/**
 * A prefix that begins more words than this ("1" begins every size and code starting with 1) costs the search
 * index more than the rest of a search: it is tested on the tools the other words find.
 */
const MAX_WORDS_INDEXED = 1000;

/**
 * What the database's text search takes for a word's characters: letters and digits of any script. Anything
 * else parts words, as it does in the catalogue's index: "6204-2RS" is the words 6204 and 2rs, "40–210 N·m"
 * the words 40, 210, n and m, and a zero-width space pasted with a name is no part of a word.
 */
const BETWEEN_WORDS = /[^\p{L}\p{Nd}\p{Nl}]+/u;

/**
 * The words of a search as the catalogue's words are indexed (the trigger tools_index_words): folded to the
 * characters that full-width letters, ligatures and fractions stand for (NFKC: "ｄｒｉｌｌ" is drill, "½" is
 * 1⁄2), split where the database splits them, in lower case as the database lowers each letter (one at a
 * time: no final sigma; the Turkish capital İ becomes a plain i, with no combining dot).
 */
export function searchWords(q: string | undefined): string[] {
  const folded = (q ?? '').normalize('NFKC').replace(/\u0130/gu, 'i');
  const lower = Array.from(folded, (char) => char.toLowerCase()).join('');
  return [...new Set(lower.split(BETWEEN_WORDS).filter(Boolean))].slice(0, MAX_WORDS);
}

/**
 * British and American spellings of the trade's words, each finding the other, as the start of a word: "vices"
 * finds vises, "galvanised" galvanized, "fibreglass" fiberglass.
 */
const SPELLINGS: Array<[string, string]> = [
  ['vice', 'vise'],
  ['aluminium', 'aluminum'],
  ['colour', 'color'],
  ['grey', 'gray'],
  ['tyre', 'tire'],
  ['metre', 'meter'],
  ['litre', 'liter'],
  ['centre', 'center'],
  ['fibre', 'fiber'],
  ['mould', 'mold'],
  ['galvanis', 'galvaniz'],
  ['sulphur', 'sulfur'],
];

function otherSpellingsOf(word: string): string[] {
  return SPELLINGS.flatMap((pair) =>
    pair.flatMap((spelling, i) =>
      word.startsWith(spelling) ? [pair[1 - i]! + word.slice(spelling.length)] : [],
    ),
  );
}

/** For a word that looks plural, its singulars; for one ending in a consonant and y, its plural (otherFormsOf). */
function numberFormsOf(word: string): string[] {
  if (/[^aeiou]y$/u.test(word)) return [`${word.slice(0, -1)}ies`];
  if (!word.endsWith('s') || /(?:ss|us|is)$/u.test(word)) return [];
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`, word.slice(0, -1)];
  if (/(?:s|x|z|ch|sh)es$/u.test(word)) return [word.slice(0, -1), word.slice(0, -2)];
  return [word.slice(0, -1)];
}

/**
 * The other forms, singular or plural, that a word of letters may stand for, and its other spellings: for one
 * that looks plural, its singulars ("bolts" bolt, "boxes" boxe and box, "batteries" battery and batterie); for
 * one ending in a consonant and y, its plural in -ies ("battery" batteries), which it does not begin as other
 * plurals begin their singular; and the British or American spelling of each (SPELLINGS). A catalogue names its
 * parts in the singular ("Hex Bolt") and may have the plural somewhere in some other tool's details, which alone
 * "hex bolts" would then find; and a singular of three letters ("saw", "nut") is too short to be found as a typo.
 * Only the forms that are words of the catalogue are searched.
 */
export function otherFormsOf(word: string): string[] {
  if (!/^\p{L}{4,}$/u.test(word)) return [];
  const numbers = numberFormsOf(word);
  return [...new Set([...numbers, ...[word, ...numbers].flatMap(otherSpellingsOf)])];
}

/**
 * The parts of a word of digits and letters that a catalogue may write apart: "13mm" 13 and mm, "230v" 230 and
 * v, "m10x50" m10 and 50 (letters before the first digits stay with them; an x between digits is a times
 * sign). Undefined for a word of one part.
 */
export function sizeParts(word: string): string[] | undefined {
  const runs = word.match(/\p{Nd}+|\p{L}+/gu) ?? [];
  if (runs.length < 2) return undefined;
  const parts = /^\p{L}/u.test(runs[0]!) ? [runs[0]! + runs[1]!, ...runs.slice(2)] : runs;
  const sized = parts.filter((part, i) => !(part === 'x' && i > 0 && i < parts.length - 1));
  return sized.length > 1 ? [...new Set(sized)] : undefined;
}

/** A code longer than this is not split: each of its splits is looked up. */
const MAX_JOINED_LENGTH = 16;
/**
 * The words of one search that are split so, at most: a buyer types a code or two, and a search with a word that
 * finds nothing finds nothing, so more would only cost a crafted search its lookups.
 */
const MAX_JOINED_WORDS = 2;

/**
 * The ways a code typed without its punctuation may split into the two words the catalogue wrote apart:
 * "62042rs" as 6204 and 2rs ("6204-2RS"). Both parts have two characters or more; only words with a digit are
 * codes (a word of letters that finds nothing is looked for as a typo instead).
 */
export function joinedSplits(word: string): Array<[string, string]> {
  const chars = Array.from(word);
  if (!/\p{Nd}/u.test(word) || chars.length > MAX_JOINED_LENGTH) return [];
  return Array.from({ length: Math.max(0, chars.length - 3) }, (_, i) => [
    chars.slice(0, i + 2).join(''),
    chars.slice(i + 2).join(''),
  ]);
}

interface LookedUp {
  word: string;
  /** The catalogue's words that begin with `word`, at most MAX_WORDS_BEGUN + 1 of them. */
  begun: string[];
  /** Those of its other forms (otherFormsOf) that are words of the catalogue. */
  forms: string[];
  /** For a word of four letters or more that begins none and has no other form: the most similar words (trigrams). */
  similar: string[];
  /** How many of the catalogue's words it begins, counted up to MAX_WORDS_INDEXED + 1. */
  begins: number;
}

/** The catalogue's words that begin with typed.word: in byte order, those between it and it followed by U+10FFFF. */
const begunByTyped = sql`known.word COLLATE "C" >= typed.word AND known.word COLLATE "C" < typed.word || chr(1114111)`;

/**
 * Each search word looked up among the catalogue's words (catalogue_words, kept by a trigger). The words it
 * begins are listed and counted apart: as one ordered read, the planner took every word that "1" begins
 * (15,000 at 100,000 tools) to sort them, which cost 30 ms.
 */
async function lookUp(db: Executor, words: string[]): Promise<LookedUp[]> {
  const { rows } = (await db.execute(sql`
    SELECT typed.word, begun.words AS begun, begun.count AS begins, begun.forms,
      CASE WHEN cardinality(begun.words) + cardinality(begun.forms) = 0
        AND typed.word ~ '^[[:alpha:]]{4,}$' THEN array(
        SELECT known.word FROM catalogue_words known
        WHERE known.word ~ '^[[:alpha:]]{4,}$' AND known.word % typed.word
        ORDER BY similarity(known.word, typed.word) DESC, known.word LIMIT ${CORRECTIONS}
      ) ELSE '{}' END AS similar
    FROM unnest(
      string_to_array(${words.join(' ')}, ' '),
      string_to_array(${words.map((word) => otherFormsOf(word).join(',')).join(' ')}, ' ')
    ) AS typed(word, forms)
    CROSS JOIN LATERAL (
      SELECT array(
        SELECT known.word FROM catalogue_words known WHERE ${begunByTyped}
        ORDER BY known.word COLLATE "C" LIMIT ${MAX_WORDS_BEGUN + 1}
      ) AS words,
      (SELECT count(*)::int FROM (
        SELECT FROM catalogue_words known WHERE ${begunByTyped} LIMIT ${MAX_WORDS_INDEXED + 1}
      ) AS known) AS count,
      array(
        SELECT known.word FROM catalogue_words known WHERE known.word = ANY(string_to_array(typed.forms, ','))
      ) AS forms
    ) begun`)) as { rows: LookedUp[] };
  return rows;
}

/** A lexeme in tsquery syntax, taken as it is (no parsing), so that no word can be read as an operator. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * What one search word matches: the catalogue's words it begins, each as a whole word (the search index
 * answers those many times faster than a prefix), or the prefix itself when it begins too many, and its
 * other forms; for a word that has none of these, it and the words it may be a typo of, as prefixes.
 */
function alternatives({ word, begun, forms, similar }: LookedUp): string[] {
  const otherForms = forms.map(lexeme);
  if (begun.length > MAX_WORDS_BEGUN) return [`${lexeme(word)}:*`, ...otherForms];
  if (begun.length + forms.length > 0) return [...begun.map(lexeme), ...otherForms];
  return [word, ...similar].map((each) => `${lexeme(each)}:*`);
}

const broad = ({ begins }: LookedUp) => begins > MAX_WORDS_INDEXED;

const anyOf = (word: LookedUp) => `(${alternatives(word).join(' | ')})`;

/** What one typed word asks for, in tsquery syntax, and whether it is too broad to give the index. */
interface Term {
  query: string;
  broad: boolean;
}

const findsSome = ({ begun, forms }: LookedUp) => begun.length + forms.length > 0;

/** Whether a typed word finds nothing as it is, nor as its `parts` (sizeParts): then its joined splits are tried. */
function findsNothing(word: string, parts: string[] | undefined, looked: Map<string, LookedUp>): boolean {
  return !findsSome(looked.get(word)!) && !parts?.every((part) => findsSome(looked.get(part)!));
}

/** A split of a code typed without its punctuation: a word of the catalogue, and the lookup of what follows it. */
type Join = [whole: string, rest: LookedUp];

/** Those of `words` that are words of the catalogue. */
async function catalogueWordsAmong(db: Executor, words: string[]): Promise<Set<string>> {
  const { rows } = (await db.execute(sql`
    SELECT word FROM catalogue_words WHERE word = ANY(string_to_array(${words.join(' ')}, ' '))`)) as {
    rows: Array<{ word: string }>;
  };
  return new Set(rows.map(({ word }) => word));
}

/**
 * Each code's splits (joinedSplits) into a word of the catalogue followed by the beginning of some, not too
 * broad to give the index. Its first parts are looked up as whole words first: only a few go on to a lookup.
 */
async function joinsOf(db: Executor, codes: string[]): Promise<Map<string, Join[]>> {
  const splits = codes.flatMap((code) => joinedSplits(code).map(([whole, rest]) => ({ code, whole, rest })));
  const joins = new Map<string, Join[]>();
  if (splits.length === 0) return joins;
  const wholes = await catalogueWordsAmong(db, [...new Set(splits.map(({ whole }) => whole))]);
  const found = splits.filter(({ whole }) => wholes.has(whole));
  if (found.length === 0) return joins;
  const rests = new Map(
    (await lookUp(db, [...new Set(found.map(({ rest }) => rest))])).map((each) => [each.word, each]),
  );
  for (const { code, whole, rest } of found) {
    const looked = rests.get(rest)!;
    if (findsSome(looked) && !broad(looked)) joins.set(code, [...(joins.get(code) ?? []), [whole, looked]]);
  }
  return joins;
}

/**
 * A typed word as its lookup; when it begins no word of the catalogue, as any of its `joins` (joinsOf), which
 * it has only when its `parts` (sizeParts) find nothing either, else as all of those parts.
 */
function term(
  word: string,
  parts: string[] | undefined,
  looked: Map<string, LookedUp>,
  joins: Join[] = [],
): Term {
  const own = looked.get(word)!;
  if (findsSome(own)) return { query: anyOf(own), broad: broad(own) };
  if (joins.length > 0) {
    const either = joins.map(([whole, rest]) => `(${lexeme(whole)} & ${anyOf(rest)})`);
    return { query: `(${either.join(' | ')})`, broad: false };
  }
  if (!parts) return { query: anyOf(own), broad: broad(own) };
  const each = parts.map((part) => looked.get(part)!);
  return { query: `(${each.map(anyOf).join(' & ')})`, broad: each.some(broad) };
}

const tsquery = (terms: Term[]) => terms.map(({ query }) => query).join(' & ');

/**
 * The condition that a tool's name and details have every word of `q`, in any order, each as the start of one
 * of their words (`grind` finds `grinder`) or, for a word that looks mistyped, one of the words it may have
 * meant. Undefined when `q` has no words.
 *
 * When other words narrow the search, the search index finds their tools, and the very broad prefixes are
 * tested on those alone (ts_match_vq is `@@` as a function, which no index answers).
 */
export async function catalogueSearch(db: Executor, q: string | undefined): Promise<SQL | undefined> {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const parts = words.map(sizeParts);
  const asked = new Set([...words, ...parts.flatMap((each) => each ?? [])]);
  const looked = new Map((await lookUp(db, [...asked])).map((each) => [each.word, each]));
  // A code typed without its punctuation is rare: its splits are looked up only then.
  const codes = words.filter(
    (word, i) => findsNothing(word, parts[i], looked) && joinedSplits(word).length > 0,
  );
  const joins = await joinsOf(db, codes.slice(0, MAX_JOINED_WORDS));
  const terms = words.map((word, i) => term(word, parts[i], looked, joins.get(word)));
  const narrow = terms.filter((each) => !each.broad);
  const tested = terms.filter((each) => each.broad);
  if (narrow.length === 0 || tested.length === 0) return sql`search_words @@ ${tsquery(terms)}::tsquery`;
  return sql`search_words @@ ${tsquery(narrow)}::tsquery AND ts_match_vq(search_words, ${tsquery(tested)}::tsquery)`;
}
