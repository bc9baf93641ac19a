import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/** The storages Better Auth uses: made now if it has not made them yet (it keeps them on globalThis). */
export async function betterAuthStorages(): Promise<Array<AsyncLocalStorage<unknown>>> {
  const storages = await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  return storages as Array<AsyncLocalStorage<unknown>>;
}

/**
 * Better Auth carries each call's context in three AsyncLocalStorages. On Node 20 a storage's first run() turns
 * async_hooks' promise hooks on for good, and from then on every promise of every request pays for them: one
 * GET /api/auth/get-session took the cached catalogue read from 15,900 to 9,000 req/s for the rest of the
 * process's life. Every call into Better Auth goes through `call`; when the last one in flight ends, the storages
 * are disabled, which turns the hooks off until the next call's run() turns them on again. Better Auth awaits all
 * of a call's work within it (the shop gives it no background task runner), so nothing asks for a context after.
 */
export class AuthContexts {
  private inFlight = 0;

  private constructor(private readonly storages: Array<AsyncLocalStorage<unknown>>) {}

  static async create(): Promise<AuthContexts> {
    const contexts = new AuthContexts(await betterAuthStorages());
    contexts.disableWhenIdle();
    return contexts;
  }

  async call<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
      // In the turn the count reaches 0: later, a call begun meanwhile would lose its context.
      this.disableWhenIdle();
    }
  }

  private disableWhenIdle(): void {
    if (this.inFlight === 0) for (const storage of this.storages) storage.disable();
  }
}
