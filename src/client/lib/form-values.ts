/**
 * A number field's value as the shared schemas read it: empty is "not given", so the schema says it is
 * required. react-hook-form also passes it the field's default value, which may be a number already.
 */
export function optionalNumber(value: string | number | undefined): number | undefined {
  const text = String(value ?? '').trim();
  return text === '' ? undefined : Number(text);
}
