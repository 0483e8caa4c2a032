import { describe, expect, it } from 'vitest';
import { linkInArguments, routeForLink } from './links';

describe('tel: and sms: links', () => {
  it.each([
    ['tel:+12015550123', '/dialer?number=%2B12015550123'],
    ['tel:(201) 555-0123', '/dialer?number=%2B12015550123'],
    ['tel://2015550123', '/dialer?number=%2B12015550123'],
    ['TEL:%2B442079460958', '/dialer?number=%2B442079460958'],
    ['sms:+12015550123', '/inbox/new?number=%2B12015550123'],
    ['sms:2015550123?body=Hello%20there', '/inbox/new?number=%2B12015550123&body=Hello%20there'],
    ['tel:not-a-number', null],
    ['https://example.com', null],
    ['', null],
  ])('%j → %s', (link, route) => {
    expect(routeForLink(link)).toBe(route);
  });

  it('a second launch with a tel: argument opens the dialer', () => {
    expect(linkInArguments(['/opt/Switchboard/switchboard', '--some-flag', 'tel:+12015550123'])).toBe(
      '/dialer?number=%2B12015550123',
    );
    expect(linkInArguments(['/opt/Switchboard/switchboard'])).toBeNull();
  });
});
