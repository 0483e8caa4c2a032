/** The template's call switches, drawn: §5's AI extraction locks recording and transcription on, saying why. */
import { MantineProvider } from '@mantine/core';
import { AI_EXTRACTION_LOCK_REASON } from '@shared/domain/numberTemplates';
import { act } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { CallFlagsFields } from './CallFlagsFields';
import { type TemplateForm, templateFormOf } from './templateModel';

const newRoot = reactRoots();

function Flags({ start }: { start: Partial<TemplateForm> }) {
  const form = useForm<TemplateForm>({
    defaultValues: { ...templateFormOf(null, undefined, 'UTC'), ...start },
  });
  return <CallFlagsFields form={form} readOnly={false} />;
}

function render(start: Partial<TemplateForm>): HTMLElement {
  const { host, root } = newRoot();
  act(() =>
    root.render(
      <MantineProvider>
        <Flags start={start} />
      </MantineProvider>,
    ),
  );
  return host;
}

/** The switch (a checkbox input) named `label`. */
function toggle(host: HTMLElement, label: string): HTMLInputElement {
  // A switch's label holds its description after its name.
  const found = [...host.querySelectorAll('label')].find((element) => element.textContent?.startsWith(label));
  const input = found?.htmlFor
    ? host.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`)
    : found?.closest('.mantine-Switch-root')?.querySelector('input');
  if (!input) throw new Error(`no switch ${label}`);
  return input as HTMLInputElement;
}

describe('§5 "Updating a number template with AI extraction enabled drops the record and call transcription flags."', () => {
  it('with AI extraction on, recording and transcription show on, cannot be changed, and say why', () => {
    const host = render({
      ai_extraction_enabled: true,
      recording_enabled: false,
      call_transcription_enabled: false,
    });
    for (const label of ['Record calls', 'Transcribe calls']) {
      const input = toggle(host, label);
      expect(input.checked, label).toBe(true);
      expect(input.disabled, label).toBe(true);
      const reason = host.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby') ?? '')}`);
      expect(reason?.textContent).toBe(AI_EXTRACTION_LOCK_REASON);
    }
  });

  it('turning AI extraction off gives the switches back, as they were set', () => {
    const host = render({
      ai_extraction_enabled: true,
      recording_enabled: false,
      call_transcription_enabled: true,
    });
    act(() => toggle(host, 'AI extraction').click());
    expect(toggle(host, 'Record calls')).toMatchObject({ checked: false, disabled: false });
    expect(toggle(host, 'Transcribe calls')).toMatchObject({ checked: true, disabled: false });
    expect(host.textContent).not.toContain(AI_EXTRACTION_LOCK_REASON);
  });

  it('turning it on locks them on', () => {
    const host = render({});
    expect(toggle(host, 'Record calls').checked).toBe(false);
    act(() => toggle(host, 'AI extraction').click());
    expect(toggle(host, 'Record calls')).toMatchObject({ checked: true, disabled: true });
    expect(host.textContent).toContain(AI_EXTRACTION_LOCK_REASON);
  });
});
