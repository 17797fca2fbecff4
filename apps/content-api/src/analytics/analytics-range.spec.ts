import { previousRange, readRange } from './analytics-range';
import { msUntilNextRun } from './rollup.service';

describe('analytics ranges (spec 4.10)', () => {
  const today = new Date('2026-03-10T15:00:00Z');

  it('defaults to the last 7 days, both ends included', () => {
    expect(readRange({}, today)).toEqual({ from: '2026-03-04', to: '2026-03-10', days: 7 });
    expect(readRange({ to: '2026-02-28' }, today)).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
      days: 7,
    });
    expect(readRange({ from: '2026-03-01' }, today)).toEqual({
      from: '2026-03-01',
      to: '2026-03-10',
      days: 10,
    });
  });

  it('at most 92 days; bad dates and reversed ranges are 422', () => {
    expect(readRange({ from: '2025-12-09', to: '2026-03-10' }, today).days).toBe(92);
    expect(() => readRange({ from: '2025-12-08', to: '2026-03-10' }, today)).toThrow(
      expect.objectContaining({ status: 422 }),
    );
    expect(() => readRange({ from: '2026-02-29' }, today)).toThrow(
      expect.objectContaining({ status: 422 }),
    );
    expect(() => readRange({ from: '2026-03-10', to: '2026-03-09' }, today)).toThrow(
      expect.objectContaining({ status: 422 }),
    );
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange({ from: '2026-03-04', to: '2026-03-10', days: 7 })).toEqual({
      from: '2026-02-25',
      to: '2026-03-03',
      days: 7,
    });
  });

  it('the schedule runs at 00:05 UTC', () => {
    expect(msUntilNextRun(new Date('2026-03-10T00:00:00Z'))).toBe(5 * 60_000);
    expect(msUntilNextRun(new Date('2026-03-10T00:05:00Z'))).toBe(86_400_000);
  });
});
