import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.ts';
import { EMAIL_PATTERN, emailSchema, passwordSchema } from './auth.ts';

/** The spec's pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$`, said without a regular expression. */
function specAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || /\s/.test(value) || value.indexOf('@', at + 1) !== -1) return false;
  const domain = value.slice(at + 1);
  return domain.slice(1, -1).includes('.');
}

describe('EMAIL_PATTERN', () => {
  it('accepts exactly what the spec pattern accepts', () => {
    const piece = fc.constantFrom('a', 'b', '.', '@', ' ', '\t', '-');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (chars) => {
        const value = chars.join('');
        expect(EMAIL_PATTERN.test(value)).toBe(specAddress(value));
      }),
      { numRuns: 20_000 },
    );
    expect(EMAIL_PATTERN.test('carla@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('carla@example')).toBe(false);
  });

  it('decides a megabyte of backtracking bait in linear time', () => {
    for (const bait of [`a@${'.'.repeat(1_000_000)}@`, `${'a'.repeat(500_000)}@${'b'.repeat(500_000)}`]) {
      const started = performance.now();
      EMAIL_PATTERN.test(bait);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });
});

describe('length limits stop the checks that follow them', () => {
  it('answers an over-long e-mail without running the pattern', () => {
    const started = performance.now();
    const result = emailSchema.safeParse(`a@${'.'.repeat(1_000_000)}@`);
    expect(performance.now() - started).toBeLessThan(200);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.emailInvalid]);
  });

  it('answers an over-long password with one message', () => {
    const result = passwordSchema.safeParse(`${'a'.repeat(100_000)}1`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['At most 128 characters']);
  });
});
