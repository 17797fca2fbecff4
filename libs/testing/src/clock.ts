/**
 * Moves the clock past a window without waiting: only `Date` is faked, so the HTTP server, the
 * database client and jest keep their real timers. Undo with `jest.useRealTimers()`.
 */
export function jumpClock(ms: number): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
    now: Date.now() + ms,
  });
}

/** Client addresses of their own per test (`10.<subnet>.x.y`), so rate budgets never mix. */
export function addressPool(subnet: number): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${subnet}.${Math.floor(n / 250)}.${n % 250}`;
  };
}
