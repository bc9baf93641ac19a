import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver.ts';

const schema = z.object({ name: z.string().min(3, 'Minimum 3 character required') });
type Values = z.infer<typeof schema>;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it('checks the values with the schema once it has loaded it', async () => {
    const { resolver } = lazyZodResolver(async () => schema);
    expect(await resolver({ name: 'Al' }, undefined, options)).toMatchObject({
      errors: { name: { message: 'Minimum 3 character required' } },
    });
    expect(await resolver({ name: 'Alma' }, undefined, options)).toEqual({
      values: { name: 'Alma' },
      errors: {},
    });
  });

  it('loads the schema once, and again only after a failed download, which lets the values through', async () => {
    let loads = 0;
    const { resolver, preload } = lazyZodResolver(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return schema;
    });
    // The server checks them as well: the form is sent rather than stuck.
    expect(await resolver({ name: 'Al' }, undefined, options)).toEqual({
      values: { name: 'Al' },
      errors: {},
    });
    preload();
    await resolver({ name: 'Alma' }, undefined, options);
    expect(await resolver({ name: 'Al' }, undefined, options)).toMatchObject({
      errors: { name: { message: 'Minimum 3 character required' } },
    });
    expect(loads).toBe(2);
  });
});
