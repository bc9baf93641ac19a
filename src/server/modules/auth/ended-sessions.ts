import type { Database } from '#server/db/client.ts';

/** The database announces here the ids of live sessions as they are deleted (migration 0024), space-separated. */
export const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/**
 * The sessions that ended lately, heard from every process (a sign-out, a password reset, a revocation, a
 * block), for as long as a browser's signed copy of one could still be trusted without the database: the
 * cookie cache's lifetime, and the few seconds AuthService keeps a copy's reading. After that the copy has
 * expired, Better Auth reads the session from the database and finds none.
 *
 * Until a process has heard every end for that long (after it starts, and after a lost listening connection,
 * while ends may have been missed), copies are not trusted: sessions are read from the database.
 */
export class EndedSessions {
  /** Each ended session's id and when it was heard, oldest first. */
  private readonly heard = new Map<string, number>();
  private uncertainUntil: number;

  constructor(
    /** How long a copy of a session counts without the database, at most. */
    private readonly copyLifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.uncertainUntil = now() + copyLifetimeMs;
  }

  /** Whether the session ended while a copy of it could still count. */
  has(sessionId: string): boolean {
    return this.heard.has(sessionId);
  }

  /** Whether a signed copy of a session may be trusted, as far as this process has heard every end. */
  get copiesTrusted(): boolean {
    return this.now() >= this.uncertainUntil;
  }

  record(sessionIds: string[]): void {
    const now = this.now();
    for (const [id, at] of this.heard) {
      if (now - at <= this.copyLifetimeMs) break;
      this.heard.delete(id);
    }
    for (const id of sessionIds) {
      this.heard.delete(id);
      this.heard.set(id, now);
    }
  }

  /** Hears the ends from now on; `onGap` runs whenever some may have been missed. */
  follow(database: Pick<Database, 'listen'>, onGap: () => void): Promise<void> {
    return database.listen(
      SESSIONS_ENDED_CHANNEL,
      (payload) => this.record(payload.split(' ').filter(Boolean)),
      () => {
        this.uncertainUntil = this.now() + this.copyLifetimeMs;
        onGap();
      },
    );
  }
}
