/** The editor's message box and its pre-send summary, drawn in the document. */
import { MantineProvider } from '@mantine/core';
import type { CampaignPreview } from '@shared/api/campaigns';
import { DEFAULT_DYNAMIC_FIELDS } from '@shared/domain/campaigns';
import { act, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { reactRoots } from '../../testing/reactRoots';
import { type CampaignFormValues, toFormValues } from './editorModel';
import { MessageField } from './MessageField';
import { PreSendSummary } from './PreSendSummary';

const newRoot = reactRoots();
// happy-dom has no font loading; Mantine's autosizing text box listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

function render(node: ReactNode): HTMLElement {
  const { host, root } = newRoot();
  act(() => root.render(<MantineProvider>{node}</MantineProvider>));
  return host;
}

function Message({ text, hasMedia = false }: { text: string; hasMedia?: boolean }) {
  const form = useForm<CampaignFormValues>({
    defaultValues: { ...toFormValues(null, 'UTC', new Date()), text },
  });
  return (
    <MessageField form={form} dynamicFields={DEFAULT_DYNAMIC_FIELDS} hasMedia={hasMedia} disabled={false} />
  );
}

const button = (host: HTMLElement, name: string) => {
  const found = host.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const textarea = (host: HTMLElement) => host.querySelector('textarea') as HTMLTextAreaElement;
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

describe('the message box', () => {
  it('puts a field’s tag where the cursor is, and the cursor after it', async () => {
    const host = render(<Message text="Hi , your car is ready." />);
    const box = textarea(host);
    box.focus();
    box.setSelectionRange(3, 3);
    act(() => button(host, 'Insert First Name').click());
    expect(box.value).toBe('Hi %%first_name%%, your car is ready.');
    await act(nextFrame);
    expect(box.selectionStart).toBe(17);
    act(() => button(host, 'Insert Last Name').click());
    expect(box.value).toBe('Hi %%first_name%%%%last_name%%, your car is ready.');
  });

  it('offers a button for each of §3’s default fields', () => {
    const host = render(<Message text="" />);
    const names = [...host.querySelectorAll('[aria-label="Insert a field"] button')].map((b) =>
      b.getAttribute('aria-label'),
    );
    expect(names).toEqual(['Insert First Name', 'Insert Last Name', 'Insert Phone', 'Insert Email']);
  });

  it('counts the message with the unsubscribe text, each field at its 10-character budget, and its segments', () => {
    const host = render(<Message text="Hi %%first_name%%" />);
    // "Hi " + 10 + "Reply STOP to stop" (18) = 31.
    expect(host.textContent).toContain('31 of 1,000 characters with the unsubscribe text');
    expect(host.textContent).toContain('each field counted at 10 characters');
    expect(host.textContent).toContain('1 SMS segment (GSM-7)');
  });

  it('says when a character makes the text UCS-2, and says §5’s limit past 1000 characters', () => {
    expect(render(<Message text="Olá 🚗" />).textContent).toContain('(UCS-2)');
    const long = render(<Message text={'a'.repeat(990)} />);
    expect(long.textContent).toContain('Max 1000 characters per SMS');
    expect(render(<Message text={'a'.repeat(990)} hasMedia />).textContent).toContain(
      'Max 1000 characters per MMS',
    );
  });
});

const PREVIEW: CampaignPreview = {
  members: 6,
  recipients: 3,
  skipped: [
    { reason: 'unsubscribed', count: 2 },
    { reason: 'invalid', count: 1 },
  ],
  encoding: 'UCS-2',
  ucs2_characters: ['🚗'],
  segments: 2,
  credits: 6,
  per_second: 1,
  per_day: 2000,
  duration_seconds: 3,
  waves: [
    { at: '2030-01-16T14:00:00.000Z', count: 1, now: false },
    { at: '2030-01-15T12:00:00.000Z', count: 2, now: true },
  ],
  sample: { name: 'Ada Lovelace', number: '+13125550111', body: 'Hi Ada 🚗\nReply STOP to stop' },
};

function summary(props: Partial<Parameters<typeof PreSendSummary>[0]> = {}) {
  return render(
    <PreSendSummary
      preview={PREVIEW}
      groupChosen
      updating={false}
      error={null}
      hasMedia={false}
      tz="America/Chicago"
      {...props}
    />,
  );
}

const rowText = (host: HTMLElement, label: string) =>
  [...host.querySelectorAll('tr')]
    .find((tr) => tr.querySelector('th')?.textContent === label)
    ?.querySelector('td')?.textContent;

describe('the pre-send summary', () => {
  it('shows who gets it and who not and why, the segments and why UCS-2, credits, time and waves', () => {
    const host = summary();
    expect(rowText(host, 'Recipients')).toBe('3 recipients of 6 group members');
    expect(rowText(host, 'Skipped')).toBe('Unsubscribed (replied STOP): 2Invalid number: 1');
    expect(rowText(host, 'Message')).toContain('2 segments, UCS-2');
    expect(rowText(host, 'Message')).toContain('70 characters a segment instead of 160) because of: 🚗');
    expect(rowText(host, 'Credits')).toBe('6 creditssegments × recipients');
    expect(rowText(host, 'Takes')).toContain('under a minute');
    expect(rowText(host, 'Takes')).toContain('at 1 text a second, at most 2,000 a day from this number');
    expect(rowText(host, 'Texting hours')).toContain('Now: 2 recipientsJan 16, 2030 8:00 AM: 1 recipient');
    expect(host.textContent).toContain('As Ada Lovelace will get it');
    expect(host.textContent).toContain('Hi Ada 🚗\nReply STOP to stop');
  });

  it('asks for a group first, and says why when it could not be worked out', () => {
    expect(summary({ groupChosen: false, preview: undefined }).textContent).toContain(
      'Choose a group to see',
    );
    const failed = summary({ preview: undefined, error: new Error('The number is not this company’s.') });
    expect(failed.querySelector('[role="alert"]')?.textContent).toContain(
      'The number is not this company’s.',
    );
  });
});
