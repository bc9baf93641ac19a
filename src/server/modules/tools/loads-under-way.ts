/**
 * Loads under way, by key: whoever asks for a key that is being loaded shares that load (one read however many
 * ask at the same time), except after forgetAll(): a load begun before a change may have read what the change
 * replaced, so whoever asks after the change starts a load of their own.
 */
export class LoadsUnderWay<T> {
  private readonly pending = new Map<string, Promise<T>>();

  /** The load of `key` under way, else the one `start` begins. */
  share(key: string, start: () => Promise<T>): Promise<T> {
    const underWay = this.pending.get(key);
    if (underWay) return underWay;
    const started = start().finally(() => {
      if (this.pending.get(key) === started) this.pending.delete(key);
    });
    this.pending.set(key, started);
    return started;
  }

  forgetAll(): void {
    this.pending.clear();
  }
}
