import { z } from 'zod';

/** A row named in the path, `/…/:id`. */
export const idParamsSchema = z.object({ id: z.string() });

// The spec's client reads these counts to tell whether anything changed.
export const insertedIdSchema = z.object({ insertedId: z.string() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/** An upload of ours, as POST /api/uploads answers it. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[A-Za-z0-9_-]+\.webp$/;

export const PAGE_SIZE_MAX = 100;
export const PAGE_MAX = 100_000;
export const SEARCH_MAX_LENGTH = 100;

/** A query parameter left empty (`?q=`) counts as not given. */
export const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * A query parameter read as a number only when written as JSON writes numbers, not as JavaScript reads them,
 * which takes `0x10`, ` 5 ` and `+1` too. Anything else stays text, which the number schema after it refuses
 * with its message.
 */
const numberWhenWritten = (pattern: RegExp) => (value: unknown) =>
  typeof value === 'string' && pattern.test(value) ? Number(value) : value;
/** `12`. */
export const wholeNumberText = numberWhenWritten(/^\d{1,16}$/);
/** `12`, `4.5`, `1e-7` (what `String(number)` writes). */
export const decimalNumberText = numberWhenWritten(/^\d{1,16}(\.\d{1,16})?([eE][+-]?\d{1,3})?$/);

/** `?name=` a whole number from `min` to `max`, or not given (blank counts as not given). */
export const wholeNumber = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => wholeNumberText(emptyAsAbsent(value)),
    z.number({ message }).int(message).min(min, message).max(max, message).optional(),
  );
};

/** `?page=` (from 1) and `?pageSize=` (at most 100) of a list answered a page at a time. */
export function pagingQuery(defaultPageSize: number) {
  return {
    page: wholeNumber('page', 1, PAGE_MAX).transform((page) => page ?? 1),
    pageSize: wholeNumber('pageSize', 1, PAGE_SIZE_MAX).transform((size) => size ?? defaultPageSize),
  };
}

/** `?q=`: words to look for, in any order, forgiving small typos; blank means everything. */
export const searchQuery = z.preprocess(
  emptyAsAbsent,
  z
    .string({ message: 'q must be text' })
    .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
    .transform((q) => q.trim())
    .optional(),
);

/** `?name=value` that must be one of `values`. */
export function choiceQuery<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  return z.preprocess(
    emptyAsAbsent,
    z.enum(values, { message: `${name} must be one of ${values.join(', ')}` }).optional(),
  );
}

/** What a page of a longer list says beside its rows. */
export const pageInfoSchema = z.object({
  /** Rows matching the search and filters, on every page together. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/**
 * A name on one line, without control characters: names go into mails, invoices and the CSV of orders, where
 * a line break could pass for the shop's own text.
 */
export const oneLineName = <T extends z.ZodString>(schema: T) =>
  schema.regex(/^\P{Cc}*$/u, 'The name must fit on one line');
