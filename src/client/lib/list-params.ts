import { useLocation, useSearchParams } from 'wouter';

// A list's search, filters, sort and page live in the page's address (`?q=drill&page=2`), so that back, reload
// and a shared link show the same list. The parameters are the API's own; what a person can type into the
// address is read leniently here, so that a bad value shows the list without it rather than an error.

/** The history state of a list changed in place (a search, a filter): the page keeps its scroll position. */
export const KEEP_SCROLL = { keepScroll: true };

/** Parameter values to set; an empty string or undefined removes the parameter. */
export type ParamChanges = Record<string, string | undefined>;

export interface ChangeOptions {
  /** Replace the current history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

/** The list's page, from 1: `?page=`, when it is a whole number in range. */
export function readPage(params: URLSearchParams, max = 100_000): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}

/** `?name=`, trimmed; undefined when blank. */
export function readText(params: URLSearchParams, name: string, maxLength = 100): string | undefined {
  const value = params.get(name)?.trim().slice(0, maxLength);
  return value || undefined;
}

/** `?name=` when it is one of `choices`. */
export function readChoice<T extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = params.get(name);
  return choices.find((choice) => choice === value);
}

/** `?name=` as a number from `min` to `max`. */
export function readNumber(params: URLSearchParams, name: string, min: number, max: number) {
  const text = params.get(name)?.trim();
  const value = text ? Number(text) : Number.NaN;
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/** A table's search (`?q=`) and page (`?page=`). */
export function readSearchAndPage(params: URLSearchParams) {
  return { q: readText(params, 'q'), page: readPage(params) };
}

/** `params` with `changes` made; any change but the page's own goes back to page 1. */
export function withChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/**
 * The current list's parameters, the page, a way to change them (each change a history entry unless
 * `replace`), and the address of another page of the same list.
 */
export function useListParams() {
  const [path] = useLocation();
  const [params, setParams] = useSearchParams();
  const change = (changes: ParamChanges, { replace = false }: ChangeOptions = {}) =>
    // The list stays where it is on the screen: only the page links scroll (to the top, as links do).
    setParams(withChanges(params, changes), { replace, state: KEEP_SCROLL });
  const pageHref = (page: number): string => {
    const search = withChanges(params, { page: String(page) }).toString();
    return search ? `${path}?${search}` : path;
  };
  return { params, page: readPage(params), change, pageHref };
}
