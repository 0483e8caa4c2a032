import { describe, expect, it } from 'vitest';
import { absoluteMediaUrl, linkExpired } from './media';

describe('recording links', () => {
  it('point at the API’s origin: the page’s on the web, API_URL’s in the desktop app', () => {
    const link = '/api/recordings/call/41?company=1&expires=1000&sig=abc';
    expect(absoluteMediaUrl(link, '/api', 'http://127.0.0.1:8080/activity')).toBe(
      'http://127.0.0.1:8080/api/recordings/call/41?company=1&expires=1000&sig=abc',
    );
    expect(absoluteMediaUrl(link, 'https://platform.example.com/api', 'app://switchboard/index.html')).toBe(
      'https://platform.example.com/api/recordings/call/41?company=1&expires=1000&sig=abc',
    );
  });

  it('run out at their expiry', () => {
    const link = '/api/recordings/call/41?company=1&expires=1000&sig=abc';
    expect(linkExpired(link, 999)).toBe(false);
    expect(linkExpired(link, 1000)).toBe(true);
    expect(linkExpired('/api/recordings/call/41', 5_000)).toBe(false);
  });
});
