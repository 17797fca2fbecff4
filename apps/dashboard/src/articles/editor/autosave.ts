/**
 * Drafts save by themselves (issue 37 item 4): at most once per 5 s of idle typing, and only when
 * something changed since the last save. A conflict stops saving until the person has chosen
 * (conflict dialog); a failed save keeps the changes and tries again after the next idle period.
 */

export type SaveState = 'saved' | 'pending' | 'saving' | 'conflict' | 'error';

export type SaveOutcome<S> = { kind: 'saved'; saved: S } | { kind: 'conflict' };

export interface IdleSaverOptions<S> {
  /** Idle time before a save, 5 s in the editor; null saves only on `flush` (an explicit Save). */
  delayMs: number | null;
  /** Writes the snapshot; resolves with what is now stored, or a conflict. */
  save: (snapshot: S) => Promise<SaveOutcome<S>>;
  same: (a: S, b: S) => boolean;
  onState?: (state: SaveState, error?: unknown) => void;
}

export class IdleSaver<S> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stateValue: SaveState = 'saved';
  private stopped = false;

  constructor(
    private saved: S,
    private current: S,
    private readonly options: IdleSaverOptions<S>,
  ) {}

  get state(): SaveState {
    return this.stateValue;
  }

  get dirty(): boolean {
    return !this.options.same(this.saved, this.current);
  }

  /** The person changed something: wait for 5 s without a change, then save. */
  change(current: S): void {
    this.current = current;
    if (this.stopped || this.stateValue === 'conflict') return;
    if (!this.dirty && !this.running) {
      this.clear();
      this.set('saved');
      return;
    }
    if (this.stateValue !== 'saving') this.set('pending');
    this.schedule();
  }

  /** Saves now when something changed (before publishing, previewing or leaving). */
  async flush(): Promise<SaveState> {
    this.clear();
    if (this.running) await this.running;
    if (this.stopped || this.stateValue === 'conflict') return this.stateValue;
    if (this.dirty) await this.run();
    return this.stateValue;
  }

  /** After a conflict was resolved or the article reloaded: this is what is stored now. */
  reset(saved: S, current: S = saved): void {
    this.saved = saved;
    this.current = current;
    this.set('saved');
    this.change(current);
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private schedule(): void {
    this.clear();
    if (this.options.delayMs === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, this.options.delayMs);
  }

  private async tick(): Promise<void> {
    if (this.running) {
      // still writing the previous state: wait another idle period after it
      await this.running;
      if (this.dirty && this.stateValue !== 'conflict') this.schedule();
      return;
    }
    if (this.dirty) await this.run();
  }

  private run(): Promise<void> {
    const snapshot = this.current;
    this.set('saving');
    const job = this.options
      .save(snapshot)
      .then((outcome) => {
        if (outcome.kind === 'conflict') {
          this.clear();
          this.set('conflict');
          return;
        }
        this.saved = outcome.saved;
        if (this.options.same(snapshot, this.current)) this.current = outcome.saved;
        this.set(this.dirty ? 'pending' : 'saved');
        if (this.dirty && !this.timer) this.schedule();
      })
      .catch((error: unknown) => {
        this.set('error', error);
        if (!this.stopped) this.schedule();
      })
      .finally(() => {
        this.running = null;
      });
    this.running = job;
    return job;
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(state: SaveState, error?: unknown): void {
    this.stateValue = state;
    this.options.onState?.(state, error);
  }
}
