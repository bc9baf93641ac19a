// GET /api/health asked every `everyMs` from a process of its own, until the harness says stop; answers how
// long each took. In the process that reads a large answer, the reading (44.6 MB of JSON decompressed and
// counted) delays the polls beside it, and the figure would be the reader's as much as the server's.
import { sleep } from './child-process.ts';

interface Start {
  base: string;
  everyMs: number;
}

process.once('message', ({ base, everyMs }: Start) => {
  let stopped = false;
  process.once('message', () => (stopped = true));
  void (async () => {
    // The first fetch of a process loads and sets up its HTTP client: not counted.
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    process.send!('polling');
    const waits: number[] = [];
    while (!stopped) {
      const asked = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      waits.push(performance.now() - asked);
      await sleep(Math.max(0, everyMs - (performance.now() - asked)));
    }
    process.send!(waits, () => process.exit(0));
  })();
});
process.send!('ready');
