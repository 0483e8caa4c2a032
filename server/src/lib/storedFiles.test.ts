/**
 * Stored files are found only by names we give, inside their own folder (and company), and answered with types
 * from our allow-list — the rules that keep a stored path from reaching the database or the signing secrets.
 */
import { describe, expect, it } from 'vitest';
import { contentDisposition, servedContentType, storedFilePath } from './storedFiles';

const DATA = '/srv/switchboard';
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('storedFilePath', () => {
  it.each([
    ['media', `media/7/${UUID}`, 7, `/srv/switchboard/media/7/${UUID}`],
    ['media', `media/7/${UUID}`, undefined, `/srv/switchboard/media/7/${UUID}`],
    ['media', `media/8/${UUID}`, 7, null],
    ['media', `media/7/${UUID}/../../../media.secret`, 7, null],
    ['media', '../../../../etc/passwd', 7, null],
    ['media', 'x:/../media.secret', 7, null],
    ['media', `/etc/${UUID}`, 7, null],
    ['media', 'https://example.test/a.png', 7, null],
    ['media', '', 7, null],
    ['greetings', `greetings/7/${UUID}.wav`, 7, `/srv/switchboard/greetings/7/${UUID}.wav`],
    ['greetings', `greetings/7/${UUID}.html`, 7, null],
    ['greetings', `media/7/${UUID}`, 7, null],
    ['voice', 'voice/call-12.wav', undefined, '/srv/switchboard/voice/call-12.wav'],
    ['voice', 'voice/voicemail-3.wav', undefined, '/srv/switchboard/voice/voicemail-3.wav'],
    ['voice', 'voice/../realtime.secret', undefined, null],
  ] as const)('%s %s (company %s) → %s', (folder, relative, companyId, expected) => {
    expect(storedFilePath(DATA, folder, relative, companyId)).toBe(expected);
  });
});

describe('servedContentType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG; charset=x', 'image/png'],
    ['audio/wav', 'audio/wav'],
    ['text/vcard', 'text/vcard'],
    ['text/csv', 'text/csv'],
    ['text/html', 'application/octet-stream'],
    ['image/svg+xml', 'application/octet-stream'],
    ['application/javascript', 'application/octet-stream'],
    ['', 'application/octet-stream'],
    [null, 'application/octet-stream'],
  ])('%s is announced as %s', (stored, expected) => {
    expect(servedContentType(stored)).toBe(expected);
  });
});

describe('contentDisposition', () => {
  it('keeps an ASCII fallback free of quotes, backslashes and line breaks, with the UTF-8 name beside it', () => {
    expect(contentDisposition('attachment', 'a"b\\c\r\nd é.csv')).toBe(
      `attachment; filename="a_b_c__d _.csv"; filename*=UTF-8''a%22b%5Cc%0D%0Ad%20%C3%A9.csv`,
    );
    expect(contentDisposition('inline', null)).toBe('inline');
  });
});
