import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  js: number;
  css: number;
  files: Array<{ file: string; gzip: number }>;
}

/** Gzip size of the JavaScript and CSS that index.html loads up front (entry, preloads, stylesheets). */
export function homePageWeight(clientDir = 'dist/client'): PageWeight {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const files = [...new Set(urls)].map((url) => ({
    file: url,
    gzip: gzipSync(readFileSync(path.join(clientDir, url)), { level: 9 }).length,
  }));
  const total = (ext: string) =>
    files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzip, 0);
  return { js: total('.js'), css: total('.css'), files };
}
