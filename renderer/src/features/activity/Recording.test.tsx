import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { Recording } from './Recording';

const newRoot = reactRoots();
const EXPIRED = '/api/recordings/voicemail/7?company=1&expires=1000&sig=abc';
const FRESH = `/api/recordings/voicemail/7?company=1&expires=${Date.now() + 3_600_000}&sig=def`;

function render(props: Parameters<typeof Recording>[0]) {
  const { host, root } = newRoot();
  const draw = (next: Parameters<typeof Recording>[0]) =>
    act(() =>
      root.render(
        <MantineProvider>
          <Recording {...next} />
        </MantineProvider>,
      ),
    );
  draw(props);
  const audio = () => {
    const found = host.querySelector('audio');
    if (!found) throw new Error('no player');
    return found;
  };
  return { host, audio, draw };
}

const fire = (element: HTMLElement, type: string) => act(() => void element.dispatchEvent(new Event(type)));

describe('Recording', () => {
  // Issue 17: "audio players show 0:00 until played".
  it('loads the length up front, and shows the record’s length until the player knows it', () => {
    const { host, audio } = render({ src: FRESH, label: 'Voicemail from Ann Lee', duration: 65 });
    expect(audio().getAttribute('preload')).toBe('metadata');
    expect(audio().getAttribute('aria-label')).toBe('Voicemail from Ann Lee');
    expect(host.textContent).toContain('Length 1:05');

    Object.defineProperty(audio(), 'duration', { value: 65.2, configurable: true });
    fire(audio(), 'loadedmetadata');
    expect(host.textContent).not.toContain('1:05');
  });

  it('renews a link that ran out while loading, quietly and once, without playing', () => {
    const onExpired = vi.fn();
    const { host, audio, draw } = render({ src: EXPIRED, label: 'Voicemail from Ann Lee', onExpired });
    const play = vi.spyOn(audio(), 'play');
    fire(audio(), 'error');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[role="status"]')).toBeNull();

    // The renewed link fails too: no second renewal, the failure is said.
    draw({ src: EXPIRED.replace('abc', 'again'), label: 'Voicemail from Ann Lee', onExpired });
    fire(audio(), 'error');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('The recording could not be played.');
    expect(play).not.toHaveBeenCalled();
  });
});
