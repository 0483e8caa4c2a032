import { MEDIA_MAX_BYTES } from '@shared/api/messaging';
import { describe, expect, it } from 'vitest';
import { acceptFiles, CAMPAIGN_MEDIA_MAX_FILES } from './MediaField';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('attachments a campaign may carry (MMS)', () => {
  it('takes images and other MMS types, with a thumbnail for images only', () => {
    const { accepted, refused } = acceptFiles(
      [file('car.png', 'image/png'), file('deal.pdf', 'application/pdf')],
      0,
    );
    expect(refused).toEqual([]);
    expect(accepted.map((a) => [a.file.name, a.preview !== null])).toEqual([
      ['car.png', true],
      ['deal.pdf', false],
    ]);
  });

  it('refuses, with the reason, a type carriers refuse, a file too large, and files past the limit', () => {
    const { accepted, refused } = acceptFiles(
      [
        file('setup.exe', 'application/x-msdownload'),
        file('huge.jpg', 'image/jpeg', MEDIA_MAX_BYTES + 1),
        file('one.gif', 'image/gif'),
        file('two.gif', 'image/gif'),
      ],
      CAMPAIGN_MEDIA_MAX_FILES - 1,
    );
    expect(accepted.map((a) => a.file.name)).toEqual(['one.gif']);
    expect(refused).toEqual([
      'setup.exe: this kind of file cannot be sent by MMS.',
      'huge.jpg is larger than 5 MB.',
      `two.gif: a campaign carries at most ${CAMPAIGN_MEDIA_MAX_FILES} attachments.`,
    ]);
  });
});
