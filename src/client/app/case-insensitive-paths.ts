import { parse } from 'regexparam';
import type { Parser } from 'wouter';

/** Addresses match their routes whatever their case (`/Parts` is `/parts`), as hand-typed and old links expect. */
export const caseInsensitivePaths: Parser = (route, loose) => {
  const { pattern, keys } = parse(route, loose);
  return { pattern: new RegExp(pattern.source, 'i'), keys };
};
