import { resetSettings } from '@hc/contracts';
import { PageCache } from './page-cache';

/** Issue 34: the page cache is bounded in bytes, not only in entries. */
describe('PageCache', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetSettings();
  });

  const entry = (chars: number) => ({
    stamp: 'v1',
    status: 200,
    html: 'x'.repeat(chars),
    csp: null,
    etag: '"e"',
  });

  it('keeps at most HC_READER_CACHE_MB, least recently used out first', () => {
    process.env.HC_READER_CACHE_MB = '1';
    resetSettings();
    const cache = new PageCache();
    for (let i = 0; i < 40; i++) cache.put(`page ${i}`, entry(60_000));
    expect(cache.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(cache.size).toBeLessThan(40);
    expect(cache.get('page 39', 'v1')).not.toBeNull();
    expect(cache.get('page 0', 'v1')).toBeNull();
  });

  it('does not keep an entry larger than an eighth of the budget (an llms-full.txt of megabytes)', () => {
    process.env.HC_READER_CACHE_MB = '1';
    resetSettings();
    const cache = new PageCache();
    cache.put('small', entry(1_000));
    cache.put('huge', entry(100_000));
    expect(cache.get('huge', 'v1')).toBeNull();
    expect(cache.get('small', 'v1')).not.toBeNull();
  });

  it('accounts for replaced and expired entries', () => {
    const cache = new PageCache();
    cache.put('a', entry(1_000));
    const one = cache.bytes;
    cache.put('a', entry(1_000));
    expect(cache.bytes).toBe(one);
    expect(cache.get('a', 'v2')).toBeNull();
    expect(cache.bytes).toBe(0);
  });
});
