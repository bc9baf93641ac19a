// `npm start` and `npm run bench` build first when dist/ is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender.mjs',
  'scripts/build-server.mjs',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const outdated = INPUTS.some((input) => newestChange(input) > builtAt);
if (outdated) {
  console.log(
    builtAt ? 'Sources changed since the last build: building…' : 'First start: building the shop…',
  );
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
