import { z } from 'zod';
import { messages } from '#shared/messages.ts';
import { dollarsToCents, MAX_ORDER_TOTAL_CENTS } from '#shared/money.ts';
import { apiErrorSchema } from './errors.ts';
import {
  choiceQuery,
  decimalNumberText,
  emptyAsAbsent,
  pageInfoSchema,
  pagingQuery,
  searchQuery,
  UPLOAD_URL_PATTERN,
  wholeNumberText,
} from './common.ts';

export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Price per piece, in dollars. */
  price: z.number(),
  availableQuantity: z.number().int(),
  minOrderQuantity: z.number().int(),
  details: z.string(),
  image: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z
    .number()
    .int()
    .describe(
      "Goes up by one with every administrator's edit (orders leave it alone); PATCH names the version it edits.",
    ),
});
export type Tool = z.infer<typeof toolSchema>;

export const TOOLS_LIMIT_MAX = 100;
/** The most pieces of one tool the shop stocks, and so the most one order can ask for. */
export const MAX_STOCK = 10_000_000;

export const toolListQuerySchema = z.object({
  limit: z.preprocess(
    wholeNumberText,
    z
      .number({ message: 'limit must be a whole number from 1 to 100' })
      .int('limit must be a whole number from 1 to 100')
      .min(1, 'limit must be a whole number from 1 to 100')
      .max(TOOLS_LIMIT_MAX, 'limit must be a whole number from 1 to 100')
      .optional(),
  ),
});

/** Our own pictures: an upload, or one of the illustrations the shop ships with. */
export const TOOL_IMAGE_PATTERN = new RegExp(`${UPLOAD_URL_PATTERN.source}|^/images/tools/[a-z0-9-]+\\.svg$`);

const requiredNumber = (message: string) =>
  z.number({ message }).refine((value) => Number.isFinite(value), message);

const STOCK_OUT_OF_RANGE = 'availableQuantity must be from 0 to 10,000,000';
/** What the stock column holds at most (a 32-bit integer). */
const STORED_STOCK_MAX = 2_147_483_647;

const stockField = (ceiling: number) =>
  requiredNumber(messages.availableQuantityRequired)
    .refine(Number.isInteger, 'availableQuantity must be a whole number')
    .refine((value) => value >= 0 && value <= ceiling, STOCK_OUT_OF_RANGE);

/**
 * The stock an update may set: at most 10,000,000, or at most the stock the form was loaded with. A
 * cancellation gives its quantity back even above 10,000,000 (the administrator raised the stock while it was
 * booked); such a tool can still be edited, and its stock lowered, but not raised.
 */
const stockCeiling = (loadedAvailableQuantity: number) => Math.max(MAX_STOCK, loadedAvailableQuantity);

/** A tool as administrators write it (spec section 5, "Tools"); price in dollars. */
const toolFieldsSchema = z.object({
  name: z
    .string({ message: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(200, 'At most 200 characters'),
  price: requiredNumber(messages.priceRequired)
    // A price that rounds to no cent at all is no price.
    .refine((value) => Math.round(value * 100) >= 1, 'The price must be more than 0')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'The price can have at most two decimals',
    )
    .refine((value) => value <= 1_000_000, 'The price must be at most 1,000,000'),
  availableQuantity: stockField(MAX_STOCK),
  minOrderQuantity: requiredNumber(messages.minOrderQuantityRequired)
    .refine(Number.isInteger, 'minOrderQuantity must be a whole number')
    .refine((value) => value >= 1 && value <= MAX_STOCK, 'minOrderQuantity must be at least 1'),
  details: z
    .string({ message: messages.detailsRequired })
    .trim()
    .min(1, messages.detailsRequired)
    .max(5000, 'At most 5000 characters'),
  image: z
    .string({ message: messages.imageRequired })
    .min(1, messages.imageRequired)
    .max(200, { message: messages.imageNotOurs, abort: true })
    .regex(TOOL_IMAGE_PATTERN, messages.imageNotOurs),
});

export const MINIMUM_ORDER_TOO_DEAR =
  'A minimum order would come to more than $999,999.99, the most one order may: lower the price or the minimum order.';

/** Refuses a tool that nobody could order: its minimum order alone would cost more than one order may. */
const withOrderableMinimum = <T extends z.ZodType<{ price: number; minOrderQuantity: number }>>(schema: T) =>
  schema.refine(
    ({ price, minOrderQuantity }) => dollarsToCents(price) * minOrderQuantity <= MAX_ORDER_TOTAL_CENTS,
    {
      message: MINIMUM_ORDER_TOO_DEAR,
      path: ['minOrderQuantity'],
    },
  );

export const toolInputSchema = withOrderableMinimum(toolFieldsSchema);
export type ToolInput = z.infer<typeof toolInputSchema>;

/** The update form's fields: the same, but the name may be left out (it stays), and the stock see stockCeiling. */
const toolUpdateFieldsObject = toolFieldsSchema.extend({
  name: toolFieldsSchema.shape.name.optional(),
  availableQuantity: stockField(STORED_STOCK_MAX),
});

/** Refuses a stock above stockCeiling of the stock the form was loaded with, as `loaded` reads it. */
const withStockCeiling = <S extends z.ZodType<{ availableQuantity: number }>>(
  schema: S,
  loaded: (value: z.output<S>) => number,
) =>
  schema.refine((value) => value.availableQuantity <= stockCeiling(loaded(value)), {
    message: STOCK_OUT_OF_RANGE,
    path: ['availableQuantity'],
  });

/** The update form's fields, on a tool whose stock was `loadedAvailableQuantity` when the form was loaded. */
export const toolUpdateFieldsSchemaFor = (loadedAvailableQuantity: number) =>
  withStockCeiling(withOrderableMinimum(toolUpdateFieldsObject), () => loadedAvailableQuantity);
export type ToolUpdateFields = z.infer<typeof toolUpdateFieldsObject>;
export type ToolUpdateFieldsInput = z.input<typeof toolUpdateFieldsObject>;

export const EDIT_VERSION_REQUIRED = 'version is required: the version of the tool the form was loaded with';
export const LOADED_STOCK_REQUIRED =
  'loadedAvailableQuantity is required: the availableQuantity the form was loaded with';

/** Which copy of the tool the form edited, so that the update changes only what the editor changed. */
const toolEditBaseSchema = z.object({
  version: z
    .number({ message: EDIT_VERSION_REQUIRED })
    .int(EDIT_VERSION_REQUIRED)
    .min(1, EDIT_VERSION_REQUIRED)
    .describe(
      "The tool's `version` when the form was loaded. Required: if the tool was edited since, nothing " +
        'changes and the answer is 409 with the current tool.',
    ),
  loadedAvailableQuantity: z
    .number({ message: LOADED_STOCK_REQUIRED })
    .int(LOADED_STOCK_REQUIRED)
    .min(0, LOADED_STOCK_REQUIRED)
    .max(STORED_STOCK_MAX, LOADED_STOCK_REQUIRED)
    .describe(
      'The `availableQuantity` when the form was loaded. Required: the stock changes by ' +
        '`availableQuantity − loadedAvailableQuantity`, so orders placed or cancelled since are kept.',
    ),
});

/** PATCH /api/parts/{id}: the form's fields and the copy they were edited on. */
export const toolUpdateSchema = withStockCeiling(
  withOrderableMinimum(toolUpdateFieldsObject.extend(toolEditBaseSchema.shape)),
  (update) => update.loadedAvailableQuantity,
);
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

export const TOOL_NOT_FOUND_MESSAGE = 'Tool not found';

const AGAIN = 'The form now shows the current values: check them and save again.';

export const STALE_TOOL_MESSAGE = `This tool was changed by someone else since you opened it. ${AGAIN}`;

/** The refusal of a stock change that the orders placed or cancelled since would take out of range. */
export function stockOutOfRangeMessage(currentStock: number, change: number): string {
  const limit = change < 0 ? 'below 0' : 'above 10,000,000';
  const signed = change < 0 ? String(change) : `+${change}`;
  return (
    `Orders changed the stock since you opened this tool: it is ${currentStock} now, and your change of ` +
    `${signed} would take it ${limit}. ${AGAIN}`
  );
}

/** 409: the update was refused, and this is the tool as it is now. */
export const toolConflictSchema = apiErrorSchema.extend({ tool: toolSchema });

export const CATALOGUE_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const CATALOGUE_PAGE_SIZE = 24;
const PRICE_MAX = 1_000_000;

const priceBound = (name: string) => {
  const message = `${name} must be a price in dollars from 0 to ${PRICE_MAX}`;
  return z.preprocess(
    (value) => decimalNumberText(emptyAsAbsent(value)),
    z.number({ message }).min(0, message).max(PRICE_MAX, message).optional(),
  );
};

/** GET /api/catalogue: a page of the catalogue, searched, filtered and sorted. */
export const catalogueQuerySchema = z
  .object({
    q: searchQuery,
    sort: choiceQuery('sort', CATALOGUE_SORTS).transform((sort) => sort ?? 'newest'),
    inStock: choiceQuery('inStock', ['true', 'false']).transform((value) => value === 'true'),
    minPrice: priceBound('minPrice'),
    maxPrice: priceBound('maxPrice'),
    ...pagingQuery(CATALOGUE_PAGE_SIZE),
  })
  .refine(
    ({ minPrice, maxPrice }) => minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
    { message: 'minPrice must not be above maxPrice', path: ['minPrice'] },
  );
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

/**
 * A search counts its matches up to this many: counting more would read every match, however broad the word
 * ("nut" matches a fifth of a large catalogue), and nobody pages past the first thousand.
 */
export const SEARCH_COUNT_LIMIT = 1000;

export const cataloguePageSchema = pageInfoSchema.extend({
  tools: z.array(toolSchema),
  /** True when a search matched more tools than `total`, which is then SEARCH_COUNT_LIMIT. */
  moreThanTotal: z.boolean(),
});
export type CataloguePage = z.infer<typeof cataloguePageSchema>;
