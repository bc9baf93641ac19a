import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from './load-once.ts';

/**
 * A zod resolver whose schema, zod and the resolver itself are downloaded on the form's first check, or on
 * `preload()` (when a field gets focus): for the forms of public pages (Get In Touch on the home page, the
 * account screens), which then show without waiting for zod's 25 KB gzip (docs/decisions/0013-preact.md).
 */
export function lazyZodResolver<Values extends FieldValues>(
  loadSchema: () => Promise<z.ZodType<Values, Values>>,
): { resolver: Resolver<Values>; preload: () => void } {
  const load = loadOnce(async () => {
    const [schema, { zodResolver }] = await Promise.all([loadSchema(), import('@hookform/resolvers/zod')]);
    return zodResolver(schema);
  });
  return {
    // Without its download (a dropped connection) the values go unchecked to the server, which checks them too.
    resolver: async (values, context, options) => {
      const check = await load().catch(() => undefined);
      return check ? check(values, context, options) : { values, errors: {} };
    },
    preload: () => void load().catch(() => {}),
  };
}
