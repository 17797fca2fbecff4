import 'reflect-metadata';
import { messages } from '@hc/contracts';
import { checkDto, fieldErrorsOf } from './validation.pipe';
import { PageQuery, pagingOf } from './paging';
import { QueryBoolean, QueryEnum, QueryText, readQuery } from './query';
import { BodyFrom } from './validation.pipe';
import { DryRunQuery, dryRunRequested } from './dry-run';

@BodyFrom(readQuery)
class Sample extends PageQuery {
  @QueryBoolean('force', { acceptWords: true })
  force?: boolean;

  @QueryEnum(['a', 'b'], 'kind')
  kind?: string;

  @QueryText('text', undefined, 3)
  text?: string;
}

const errors = (query: Record<string, unknown>) => {
  const r = checkDto(Sample, readQuery(query));
  return r.ok ? {} : fieldErrorsOf(r.failures);
};

describe('query DTO readers', () => {
  it('reads page and limit as numbers, empty as absent, with the list’s default size', () => {
    const r = checkDto(Sample, readQuery({ page: ' 3 ', limit: '' }));
    expect(r.ok && pagingOf(r.value, 25)).toEqual({ page: 3, perPage: 25, offset: 50 });
  });

  it('refuses what the hand readers refused, with the spec’s messages', () => {
    expect(errors({ page: '0' })).toEqual({ page: [messages.minNumber('page', 1)] });
    expect(errors({ limit: '101' })).toEqual({ limit: [messages.maxNumber('limit', 100)] });
    expect(errors({ limit: '2.5' })).toEqual({ limit: [messages.integer('limit')] });
    expect(errors({ kind: 'c' })).toEqual({ kind: [messages.selectedInvalid('kind')] });
    expect(errors({ text: 'abcd' })).toEqual({ text: [messages.maxString('text', 3)] });
    expect(errors({ force: 'yes' })).toEqual({ force: [messages.boolean('force')] });
  });

  it('admits true/false only where acceptWords says so', () => {
    const r = checkDto(Sample, readQuery({ force: 'true' }));
    expect(r.ok && r.value.force).toBe(true);
  });
});

describe('DryRunQuery', () => {
  it('reads dry_run 1/0 (words refused) and joins it with the body’s flag', () => {
    const read = (query: Record<string, unknown>) => checkDto(DryRunQuery, readQuery(query));
    const yes = read({ dry_run: ' 1 ' });
    expect(yes.ok && dryRunRequested(yes.value, undefined)).toBe(true);
    const no = read({ dry_run: '0' });
    expect(no.ok && dryRunRequested(no.value, null)).toBe(false);
    const absent = read({});
    expect(absent.ok && dryRunRequested(absent.value, true)).toBe(true);
    const word = read({ dry_run: 'true' });
    expect(word.ok ? {} : fieldErrorsOf(word.failures)).toEqual({
      dry_run: [messages.boolean('dry_run')],
    });
  });
});
