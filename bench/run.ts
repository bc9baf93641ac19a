// npm run bench: load on the catalogue API against a constant route of the same server, ordering under
// contention, the weight of the home page, and its Largest Contentful Paint in Chromium under CPU and
// network throttling. Prints tables; it is not a test and never fails on timing.
import { catalogueBench } from './catalogue.ts';
import { homeLcpBench } from './home-lcp.ts';
import { ordersBench } from './orders.ts';
import { homePageWeight } from './page-weight.ts';

await catalogueBench();
await ordersBench();

const weight = homePageWeight();
console.log('\nHome page, loaded up front (gzip):\n');
console.log('| file | KB |');
console.log('|---|---:|');
for (const file of weight.files) console.log(`| ${file.file} | ${(file.gzip / 1024).toFixed(1)} |`);
console.log(`| **JavaScript** | **${(weight.js / 1024).toFixed(1)}** (target ≤ 120) |`);
console.log(`| **CSS** | **${(weight.css / 1024).toFixed(1)}** (target ≤ 25) |`);

await homeLcpBench();
