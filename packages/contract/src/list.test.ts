import { decodeListParams, encodeListParams } from './list';

describe('list params', () => {
  it('round-trips searchTexts and order through the query encoding', () => {
    const query = encodeListParams({ searchTexts: { name: 'Bib' }, order: ['name', 'desc'], offset: 25, limit: 25 });
    expect(query).toEqual({ searchTexts: '{"name":"Bib"}', order: 'name,desc', offset: 25, limit: 25 });
    expect(decodeListParams(query)).toEqual({
      ok: true,
      params: { searchTexts: { name: 'Bib' }, order: ['name', 'desc'], offset: 25, limit: 25 },
    });
  });

  it('accepts a JSON order pair', () => {
    expect(decodeListParams({ order: '["city","asc"]' })).toEqual({ ok: true, params: { order: ['city', 'asc'] } });
  });

  it('names the offending parameter', () => {
    expect(decodeListParams({ searchTexts: '{bad' })).toEqual({ ok: false, param: 'searchTexts' });
    expect(decodeListParams({ searchTexts: '{"a":1}' })).toEqual({ ok: false, param: 'searchTexts' });
    expect(decodeListParams({ order: 'name,up' })).toEqual({ ok: false, param: 'order' });
    expect(decodeListParams({ order: 'name' })).toEqual({ ok: false, param: 'order' });
  });
});
