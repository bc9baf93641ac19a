import { describe, expect, it } from 'vitest';
import { ACCOUNT_BLOCKS_CHANNEL, BlockedAccounts, type BlockChange } from './blocked-accounts.ts';

/** The database's LISTEN as BlockedAccounts uses it: notifications and gaps sent by hand. */
function listener() {
  const heard: { channel?: string; notify: (payload: string) => void; gap: () => void } = {
    notify: () => undefined,
    gap: () => undefined,
  };
  return {
    heard,
    database: {
      listen: async (channel: string, onMessage: (payload: string) => void, onGap: () => void) => {
        Object.assign(heard, { channel, notify: onMessage, gap: onGap });
      },
    },
  };
}

const notification = (change: BlockChange) => JSON.stringify(change);

/** A read of the blocked accounts that answers when the test says. */
function pendingRead() {
  let answer: (ids: string[]) => void = () => undefined;
  const read = () => new Promise<string[]>((resolve) => (answer = resolve));
  return { read, answer: (ids: string[]) => answer(ids) };
}

describe('BlockedAccounts', () => {
  it('knows the accounts blocked at start, then every block and unblock on its channel', async () => {
    const { heard, database } = listener();
    const blocked = new BlockedAccounts();
    await blocked.follow(database, async () => ['a']);
    expect(heard.channel).toBe(ACCOUNT_BLOCKS_CHANNEL);
    expect(blocked.has('a')).toBe(true);

    heard.notify(notification({ userId: 'b', blocked: true }));
    heard.notify(notification({ userId: 'a', blocked: false }));
    expect([blocked.has('a'), blocked.has('b')]).toEqual([false, true]);
  });

  it('ignores a notification it cannot read', async () => {
    const { heard, database } = listener();
    const blocked = new BlockedAccounts();
    await blocked.follow(database, async () => ['a']);
    for (const payload of ['', 'a', '{"userId":"a"}', '{"userId":1,"blocked":false}', 'null'])
      heard.notify(payload);
    expect(blocked.has('a')).toBe(true);
  });

  it('reads the whole set again after a gap, in which notifications were missed', async () => {
    const { heard, database } = listener();
    const blocked = new BlockedAccounts();
    let inDatabase = ['a'];
    await blocked.follow(database, async () => inDatabase);
    inDatabase = ['b'];
    heard.gap();
    await expect.poll(() => [blocked.has('a'), blocked.has('b')]).toEqual([false, true]);
  });

  it('applies the changes heard during that read on top of what it found, in order', async () => {
    const { heard, database } = listener();
    const blocked = new BlockedAccounts();
    let read = async (): Promise<string[]> => [];
    await blocked.follow(database, () => read());
    const pending = pendingRead();
    read = pending.read;
    heard.gap();
    // Heard while the read was under way, which then answers with the set as it stood before them.
    heard.notify(notification({ userId: 'c', blocked: true }));
    heard.notify(notification({ userId: 'd', blocked: true }));
    heard.notify(notification({ userId: 'd', blocked: false }));
    pending.answer(['d']);
    await expect.poll(() => [blocked.has('c'), blocked.has('d')]).toEqual([true, false]);
  });

  it('keeps what it knows when a read after a gap fails', async () => {
    const { heard, database } = listener();
    const blocked = new BlockedAccounts();
    let read = async (): Promise<string[]> => ['a'];
    await blocked.follow(database, () => read());
    read = async () => {
      throw new Error('connection refused');
    };
    heard.gap();
    heard.notify(notification({ userId: 'b', blocked: true }));
    expect([blocked.has('a'), blocked.has('b')]).toEqual([true, true]);
  });
});
