import { describe, expect, it } from 'vitest';
import { failedModuleUrl, importAgainable } from './import-again.ts';

const chromiumFailure = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('failedModuleUrl', () => {
  it.each([
    [
      chromiumFailure('https://shop.example/assets/client-a7Pl.js'),
      'https://shop.example/assets/client-a7Pl.js',
    ],
    [
      chromiumFailure('http://127.0.0.1:3000/assets/client-a7Pl.js?retry=2'),
      'http://127.0.0.1:3000/assets/client-a7Pl.js',
    ],
    [
      new TypeError('error loading dynamically imported module: http://localhost/src/x.ts'),
      'http://localhost/src/x.ts',
    ],
    [new TypeError('Importing a module script failed.'), undefined],
    ['not an error', undefined],
  ])('reads %s', (error, url) => {
    expect(failedModuleUrl(error)).toBe(url);
  });
});

describe('importAgainable', () => {
  it('imports once it works, then asks for the address that failed with a query of its own each time', async () => {
    const asked: string[] = [];
    let online = false;
    const load = async (url: string) => {
      asked.push(url);
      if (!online) throw chromiumFailure(url);
      return { value: 'loaded again' };
    };
    const importer = async () => {
      throw chromiumFailure('https://shop.example/assets/client-a7Pl.js');
    };
    const imported = importAgainable(importer, load);

    await expect(imported()).rejects.toThrow('Failed to fetch');
    await expect(imported()).rejects.toThrow('Failed to fetch');
    online = true;
    await expect(imported()).resolves.toEqual({ value: 'loaded again' });
    expect(asked).toEqual([
      'https://shop.example/assets/client-a7Pl.js?retry=1',
      'https://shop.example/assets/client-a7Pl.js?retry=2',
    ]);
  });

  it('imports as it is while nothing failed, and tries the same import again when a failure names no address', async () => {
    let calls = 0;
    const imported = importAgainable(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Importing a module script failed.');
      return 'module';
    });
    await expect(imported()).rejects.toThrow('Importing a module script failed.');
    await expect(imported()).resolves.toBe('module');
    expect(calls).toBe(2);
  });
});
