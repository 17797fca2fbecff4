/** A sleep that can be cut short: `wake()` ends the current (or the next) wait at once. */
export class Waker {
  private pending: (() => void) | null = null;
  private signalled = false;

  wait(ms: number): Promise<void> {
    if (this.signalled) {
      this.signalled = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.pending === done) this.pending = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending = done;
    });
  }

  wake(): void {
    if (this.pending) this.pending();
    else this.signalled = true;
  }
}
