import { wrapSuccess } from './wrap-success';

describe('success', () => {
  it('puts status first and keeps the body keys in their order', () => {
    expect(JSON.stringify(wrapSuccess({ data: { id: 1 }, meta: { items_count: 1 } }))).toBe(
      '{"status":"success","data":{"id":1},"meta":{"items_count":1}}',
    );
    expect(JSON.stringify(wrapSuccess({ message: 'Deleted.' }))).toBe(
      '{"status":"success","message":"Deleted."}',
    );
  });
});
