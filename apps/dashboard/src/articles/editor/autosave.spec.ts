import { IdleSaver, type SaveOutcome } from './autosave';

type Call = {
  snapshot: string;
  resolve: (o: SaveOutcome<string>) => void;
  reject: (e: unknown) => void;
};

function setup(initial = 'a') {
  const calls: Call[] = [];
  const states: string[] = [];
  const saver = new IdleSaver<string>(initial, initial, {
    delayMs: 5000,
    same: (x, y) => x === y,
    save: (snapshot) => new Promise((resolve, reject) => calls.push({ snapshot, resolve, reject })),
    onState: (s) => states.push(s),
  });
  return { saver, calls, states };
}

/** Lets pending promise callbacks run (the fake timers leave microtasks alone). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('drafts save after 5 s of idle typing, only when changed (issue 37 item 4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('typing keeps postponing; one save 5 s after the last keystroke, with the latest text', async () => {
    const { saver, calls } = setup();
    for (const [i, text] of ['ab', 'abc', 'abcd'].entries()) {
      saver.change(text);
      jest.advanceTimersByTime(i === 2 ? 4999 : 3000);
    }
    expect(calls).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(calls.map((c) => c.snapshot)).toEqual(['abcd']);
    calls[0]?.resolve({ kind: 'saved', saved: 'abcd' });
    await settle();
    expect(saver.state).toBe('saved');
    jest.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(1);
  });

  it('a change undone before the idle period ends saves nothing; opening saves nothing', () => {
    const { saver, calls } = setup();
    jest.advanceTimersByTime(60_000);
    saver.change('ab');
    jest.advanceTimersByTime(2000);
    saver.change('a');
    jest.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(0);
    expect(saver.state).toBe('saved');
  });

  it('typing during a save waits for it, then saves again after the next idle period', async () => {
    const { saver, calls } = setup();
    saver.change('b');
    jest.advanceTimersByTime(5000);
    saver.change('bc');
    jest.advanceTimersByTime(5000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve({ kind: 'saved', saved: 'b' });
    await settle();
    jest.advanceTimersByTime(5000);
    expect(calls.map((c) => c.snapshot)).toEqual(['b', 'bc']);
  });

  it('a conflict stops saving until reset; a failure keeps the text and retries', async () => {
    const { saver, calls } = setup();
    saver.change('mine');
    jest.advanceTimersByTime(5000);
    calls[0]?.resolve({ kind: 'conflict' });
    await settle();
    expect(saver.state).toBe('conflict');
    saver.change('mine2');
    jest.advanceTimersByTime(60_000);
    expect(calls).toHaveLength(1);
    saver.reset('theirs', 'mine2');
    jest.advanceTimersByTime(5000);
    expect(calls.map((c) => c.snapshot)).toEqual(['mine', 'mine2']);
    calls[1]?.reject(new Error('offline'));
    await settle();
    expect(saver.state).toBe('error');
    expect(saver.dirty).toBe(true);
    jest.advanceTimersByTime(5000);
    expect(calls.map((c) => c.snapshot)).toEqual(['mine', 'mine2', 'mine2']);
  });

  it('flush saves at once when changed, and not at all when not', async () => {
    const { saver, calls } = setup();
    const idle = saver.flush();
    await idle;
    expect(calls).toHaveLength(0);
    saver.change('x');
    const done = saver.flush();
    await settle();
    calls[0]?.resolve({ kind: 'saved', saved: 'x' });
    expect(await done).toBe('saved');
  });
});
