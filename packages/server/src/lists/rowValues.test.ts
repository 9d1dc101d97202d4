import { flag, jsonObject, optionalNumber, optionalText, text } from './rowValues';

describe('row values', () => {
  it('reads texts and numbers, missing as empty or null', () => {
    expect([text(null), text(undefined), text(0), text('a')]).toEqual(['', '', '0', 'a']);
    expect([optionalText(null), optionalText(undefined), optionalText(''), optionalText(12)]).toEqual([null, null, '', '12']);
    expect([optionalNumber(null), optionalNumber(undefined), optionalNumber('7'), optionalNumber(0)]).toEqual([null, null, 7, 0]);
  });

  it('reads 0/1 flags whatever the driver hands back', () => {
    expect([flag(1), flag('1'), flag(1n), flag(0), flag('0'), flag(null)]).toEqual([true, true, true, false, false, false]);
  });

  it('reads JSON objects as text (SQLite) or parsed (PostgreSQL), anything else as {}', () => {
    expect(jsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(jsonObject({ a: 1 })).toEqual({ a: 1 });
    expect([jsonObject('[1]'), jsonObject([1]), jsonObject('not json'), jsonObject(null), jsonObject('3')]).toEqual([{}, {}, {}, {}, {}]);
  });
});
