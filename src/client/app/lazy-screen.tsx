import { useRef, type ComponentType, type ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';

/** A screen's code, as a separate chunk. */
export type ScreenCode = () => Promise<ComponentType<{ children?: ReactNode }>>;

export interface LoaderArgs {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/** Puts what a screen reads on arrival into the query cache (./route-loaders.ts); never fails. */
export type Loader = (args: LoaderArgs) => Promise<unknown>;

interface Arrival {
  ready: Promise<void>;
  failure?: { error: unknown };
  done: boolean;
}

// One entry per screen being arrived at: its code and its loader's data, asked for side by side. The screen's
// first render with both in takes the entry away, so that coming back later asks again (the loader then finds the
// cache warm) and no entry outlives its arrival.
const arrivals = new Map<string, Arrival>();

function arrive(key: string, start: () => Promise<unknown>): Arrival {
  let arrival = arrivals.get(key);
  if (!arrival) {
    const entry: Arrival = { done: false, ready: Promise.resolve() };
    entry.ready = start().then(
      () => void (entry.done = true),
      (error: unknown) => void (entry.failure = { error }),
    );
    arrivals.set(key, (arrival = entry));
  }
  return arrival;
}

/**
 * A screen that shows once both its code and its loader's data are in; until then the nearest Suspense
 * boundary shows its fallback, and a failed download goes to the nearest error boundary. `arrivalKey` names
 * one arrival: a new key (another tool's page) waits again, the same one (a new search on the same table)
 * does not — the screen then loads what it needs itself, keeping its rows in view meanwhile.
 */
export function lazyScreen(
  code: ScreenCode,
  { loader, arrivalKey }: { loader?: Loader; arrivalKey: (params: LoaderArgs['params']) => string },
) {
  let Loaded: ComponentType<{ children?: ReactNode }> | undefined;
  const loadCode = async () => {
    Loaded ??= await code();
  };
  const arrivalAt = (params: LoaderArgs['params'], search: string) =>
    arrive(arrivalKey(params), () =>
      Promise.all([loadCode(), loader?.({ params, search: new URLSearchParams(search) })]),
    );
  function Screen({ children }: { children?: ReactNode }) {
    const params = useParams();
    const search = useSearch();
    const key = arrivalKey(params);
    const arrived = useRef<string>(undefined);
    if (arrived.current !== key) {
      const arrival = arrivalAt(params, search);
      if (!arrival.done && !arrival.failure) throw arrival.ready;
      arrivals.delete(key);
      if (arrival.failure) throw arrival.failure.error;
      arrived.current = key;
    }
    return Loaded ? <Loaded>{children}</Loaded> : null;
  }
  /** Starts the arrival at these params (code and data) ahead of the first render; resolves once it is in. */
  Screen.arrive = (params: LoaderArgs['params'], search: string) => arrivalAt(params, search).ready;
  return Screen;
}
