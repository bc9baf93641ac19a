import { describe, expect, it } from 'vitest';
import { EndedSessions, SESSIONS_ENDED_CHANNEL } from './ended-sessions.ts';

const LIFETIME_MS = 65_000;

/** A clock moved by hand, and the database's LISTEN with notifications and gaps sent by hand. */
function setUp() {
  let now = 1_000_000;
  const heard = {
    channel: '',
    notify: (_payload: string) => undefined as void,
    gap: () => undefined as void,
  };
  const gaps: number[] = [];
  const ended = new EndedSessions(LIFETIME_MS, () => now);
  const database = {
    listen: async (channel: string, onMessage: (payload: string) => void, onGap: () => void) => {
      Object.assign(heard, { channel, notify: onMessage, gap: onGap });
    },
  };
  return {
    ended,
    heard,
    gaps,
    follow: () => ended.follow(database, () => gaps.push(now)),
    pass: (ms: number) => (now += ms),
  };
}

describe('EndedSessions', () => {
  it("does not trust copies of sessions until it has heard every end for a copy's lifetime", async () => {
    const { ended, follow, pass } = setUp();
    await follow();
    expect(ended.copiesTrusted).toBe(false);
    pass(LIFETIME_MS - 1);
    expect(ended.copiesTrusted).toBe(false);
    pass(1);
    expect(ended.copiesTrusted).toBe(true);
  });

  it('knows each ended session it hears of on its channel, for as long as a copy of it could count', async () => {
    const { ended, heard, follow, pass } = setUp();
    await follow();
    expect(heard.channel).toBe(SESSIONS_ENDED_CHANNEL);
    heard.notify('s1 s2');
    pass(30_000);
    heard.notify('s3');
    expect(['s1', 's2', 's3', 's4'].map((id) => ended.has(id))).toEqual([true, true, true, false]);
    pass(LIFETIME_MS - 30_000 + 1);
    heard.notify('');
    expect(['s1', 's2', 's3'].map((id) => ended.has(id))).toEqual([false, false, true]);
  });

  it('distrusts copies again after a gap in the hearing, for a lifetime from it, and says so', async () => {
    const { ended, heard, gaps, follow, pass } = setUp();
    await follow();
    pass(LIFETIME_MS);
    expect(ended.copiesTrusted).toBe(true);
    heard.gap();
    expect(gaps).toHaveLength(1);
    expect(ended.copiesTrusted).toBe(false);
    pass(LIFETIME_MS);
    expect(ended.copiesTrusted).toBe(true);
  });
});
