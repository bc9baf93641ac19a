import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver whose schema, zod and the resolver itself are downloaded on the form's first check, or on
 * `preload()` (when a field gets focus): for the forms of public pages (Get In Touch on the home page, the
 * account screens), which then show without waiting for zod's 25 KB gzip (docs/decisions/0013-preact.md).
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Values, Values>>,
): { resolver: Resolver<Values>; preload: () => void } {
  let loading: Promise<Resolver<Values>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // A failed download is tried again on the next check.
        loading = undefined;
        throw error;
      },
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => {}),
  };
}
