/**
 * The address of a module whose download failed, as Chromium ("Failed to fetch dynamically imported module: …")
 * and Firefox ("error loading dynamically imported module: …") name it, without its query.
 */
export function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  return /\b(https?:\/\/[^\s?#'"]+)/.exec(message)?.[1];
}

const importUrl = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * `importer` (one dynamic import) that can be tried again after a failed download. A browser keeps a module whose
 * download failed as failed for the rest of the page's life, so importing it again fails at once without asking
 * the server; each retry asks for the address the failure named with a query of its own, which makes it another
 * module to the browser and the same file to the server. (Where the failure names no address, the retry is the
 * same import, which a browser that keeps failures fails again.)
 */
export function importAgainable<T>(importer: () => Promise<T>, load = importUrl): () => Promise<T> {
  let failed: string | undefined;
  let retries = 0;
  return async () => {
    try {
      return failed ? ((await load(`${failed}?retry=${++retries}`)) as T) : await importer();
    } catch (error) {
      failed = failedModuleUrl(error) ?? failed;
      throw error;
    }
  };
}
