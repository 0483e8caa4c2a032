/**
 * The verifier's reading of a page (issue 21: verifyScript "reports whether the snippet is installed and which
 * numbers it would swap"): the snippet's tag however it is written, and the numbers a visitor sees — never those in
 * scripts, styles, comments or form fields, which the script does not swap either.
 */
import { describe, expect, it } from 'vitest';
import { attributesOf, decodeEntities, MAX_LISTED_NUMBERS, readPage } from './page';

describe('the snippet’s script tag', () => {
  it.each([
    [
      'double quotes',
      '<script async src="https://p.test/api/dni/script.js" data-key="7.abc"></script>',
      '7.abc',
    ],
    ['single quotes', "<script src='https://p.test/api/dni/script.js' data-key='7.abc'></script>", '7.abc'],
    [
      'no quotes, upper case',
      '<SCRIPT SRC=https://p.test/api/dni/script.js DATA-KEY=7.abc></SCRIPT>',
      '7.abc',
    ],
    [
      'a query after the file',
      '<script src="//p.test/api/dni/script.js?v=2" data-key="7.abc"></script>',
      '7.abc',
    ],
    ['no key', '<script src="/api/dni/script.js"></script>', null],
  ])('is found with %s', (_how, html, key) => {
    expect(readPage(html).trackers).toEqual([{ src: expect.stringContaining('/dni/script.js'), key }]);
  });

  it.each([
    '<script src="https://p.test/api/dni/script.jsx"></script>',
    '<script src="https://p.test/other.js" data-key="7.abc"></script>',
    '<!-- <script src="https://p.test/api/dni/script.js" data-key="7.abc"></script> -->',
  ])('is not confused with %j', (html) => {
    expect(readPage(html).trackers).toEqual([]);
  });
});

describe('the numbers a visitor sees', () => {
  it('reads text and tel: links, decoding entities, skipping scripts, styles, comments and form fields', () => {
    const page = readPage(`
      <a href="tel:(312)%20555-0100">Call</a>
      <p>Sales&nbsp;(312)&#32;555&#x2D;0100</p>
      <script>var x = "312-555-0111";</script>
      <style>.a::after { content: "312-555-0122" }</style>
      <!-- 312-555-0133 -->
      <textarea>312-555-0144</textarea>
      <p>Service 773.555.0142</p>`);
    expect(page.numbers).toEqual([
      { text: 'tel:(312)%20555-0100', number: '+13125550100' },
      { text: '(312) 555-0100', number: '+13125550100' },
      { text: '773.555.0142', number: '+17735550142' },
    ]);
  });

  it('lists a number once per way it is written', () => {
    const page = readPage('<p>312-555-0100</p><p>312-555-0100</p><p>(312) 555-0100</p>');
    expect(page.numbers.map((one) => one.text)).toEqual(['312-555-0100', '(312) 555-0100']);
  });

  it('does not read a number across tags (the script swaps text by text)', () => {
    expect(readPage('<p>312-555-<b>0100</b></p>').numbers).toEqual([]);
  });

  it(`lists at most ${MAX_LISTED_NUMBERS}`, () => {
    const html = Array.from({ length: 150 }, (_, i) => `<p>312-555-${String(1000 + i)}</p>`).join('');
    expect(readPage(html).numbers).toHaveLength(MAX_LISTED_NUMBERS);
  });
});

describe('HTML helpers', () => {
  it('decodes named and numeric references, and leaves unknown ones', () => {
    expect(decodeEntities('a&amp;b &#40;312&#x29; &nbsp;&bogus; &#0;')).toBe('a&b (312) \u00a0&bogus; &#0;');
  });

  it('reads attributes in any quoting, the first of a name winning', () => {
    expect(Object.fromEntries(attributesOf(' a="1" B=\'2\' c=3 async a="4"'))).toEqual({
      a: '1',
      b: '2',
      c: '3',
      async: '',
    });
  });
});
