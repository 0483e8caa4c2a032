import { describe, expect, it } from 'vitest';
import { containsLink, ensureUrlScheme } from './index';

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
