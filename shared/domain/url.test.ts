import { describe, expect, it } from 'vitest';
import { containsLink, ensureUrlScheme, isHttpsUrl } from './index';

describe('ensureUrlScheme: §5 "URLs without http or https get https:// prepended"', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/path?q=1', 'https://www.example.com/path?q=1'],
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['  example.com  ', 'https://example.com'],
    ['//cdn.example.com/x.js', 'https://cdn.example.com/x.js'],
    ['ftp://example.com', 'https://ftp://example.com'],
    ['httpsexample.com', 'https://httpsexample.com'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(ensureUrlScheme(input)).toBe(expected);
  });
});

describe('containsLink: what §5 calls "a link in the message"', () => {
  it.each([
    ['Visit https://demo.test/x', true],
    ['Visit http://demo.test', true],
    ['www.demo.test', true],
    ['Shop at demo-motors.com!', true],
    ['bit.ly/abc', true],
    ['Email sales@demo.com', true],
    ['Open 9 a.m. to 5 p.m.', false],
    ['Call 201.555.0123', false],
    ['Thanks, see you Mon.', false],
    ['Reply STOP to stop', false],
    ['', false],
  ])('%j → %s', (text, expected) => {
    expect(containsLink(text)).toBe(expected);
  });
});

describe('isHttpsUrl: the audio addresses a carrier may be told to fetch (issue 33)', () => {
  it.each([
    ['https://media.example.com/welcome.mp3', true],
    ['HTTPS://MEDIA.EXAMPLE.COM/a.mp3?sig=x&v=2#t', true],
    ['https://media.example.com:8443/a.mp3', true],
    ['https://media.example.com', true],
    ['http://media.example.com/a.mp3', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['gopher://127.0.0.1:6379/_FLUSHALL', false],
    ['//media.example.com/a.mp3', false],
    ['https://', false],
    ['https:///etc/passwd', false],
    ['https://user:secret@media.example.com/a.mp3', false],
    ['https:\\\\media.example.com/a.mp3', false],
    ['https://media.example.com/a b.mp3', false],
    [' https://media.example.com/a.mp3', false],
    ['', false],
  ])('%j → %s', (url, expected) => {
    expect(isHttpsUrl(url)).toBe(expected);
  });
});
