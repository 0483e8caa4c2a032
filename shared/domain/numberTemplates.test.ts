import { describe, expect, it } from 'vitest';
import {
  AI_EXTRACTION_LOCK_REASON,
  applyCallFlags,
  DEFAULT_TEMPLATE_CALL_FLAGS,
  isLockedByAiExtraction,
  mergeTemplateTags,
  type TemplateCallFlags,
  templateAppliedMessage,
  templatesDeletedMessage,
} from './numberTemplates';

const flags = (ai: boolean, recording: boolean, transcription: boolean): TemplateCallFlags => ({
  ai_extraction_enabled: ai,
  recording_enabled: recording,
  call_transcription_enabled: transcription,
});

describe('applyCallFlags: §5 "Updating a number template with AI extraction enabled drops the record and call transcription flags."', () => {
  it.each<[string, TemplateCallFlags | null, Partial<TemplateCallFlags>, TemplateCallFlags, string[]]>([
    // A create starts from the defaults.
    ['create, nothing sent', null, {}, flags(false, false, false), []],
    [
      'create, AI off: the flags are the person’s',
      null,
      { recording_enabled: true, call_transcription_enabled: false },
      flags(false, true, false),
      [],
    ],
    [
      'create, AI on: both flags sent off are dropped, and it records and transcribes',
      null,
      { ai_extraction_enabled: true, recording_enabled: false, call_transcription_enabled: false },
      flags(true, true, true),
      ['recording_enabled', 'call_transcription_enabled'],
    ],
    [
      'create, AI on without the flags: nothing to drop, both on',
      null,
      { ai_extraction_enabled: true },
      flags(true, true, true),
      [],
    ],
    // An update of a template with AI extraction enabled (kept, not sent).
    [
      'update of an AI template: recording sent off is dropped',
      flags(true, true, true),
      { recording_enabled: false },
      flags(true, true, true),
      ['recording_enabled'],
    ],
    [
      'update of an AI template: transcription sent off is dropped',
      flags(true, true, true),
      { call_transcription_enabled: false },
      flags(true, true, true),
      ['call_transcription_enabled'],
    ],
    [
      'update turning AI on: the flags sent with it are dropped',
      flags(false, false, false),
      { ai_extraction_enabled: true, recording_enabled: false, call_transcription_enabled: true },
      flags(true, true, true),
      ['recording_enabled', 'call_transcription_enabled'],
    ],
    [
      'update turning AI on alone: both flags come on',
      flags(false, false, true),
      { ai_extraction_enabled: true },
      flags(true, true, true),
      [],
    ],
    // AI extraction off: the rule does not apply.
    [
      'update turning AI off and the flags off: as sent',
      flags(true, true, true),
      { ai_extraction_enabled: false, recording_enabled: false, call_transcription_enabled: false },
      flags(false, false, false),
      [],
    ],
    [
      'update turning AI off alone: the flags keep the values they had (on)',
      flags(true, true, true),
      { ai_extraction_enabled: false },
      flags(false, true, true),
      [],
    ],
    [
      'update without AI: only what is sent changes',
      flags(false, true, false),
      { call_transcription_enabled: true },
      flags(false, true, true),
      [],
    ],
    ['update sending nothing: unchanged', flags(false, true, false), {}, flags(false, true, false), []],
  ])('%s', (_case, current, update, expected, dropped) => {
    const outcome = applyCallFlags(current, update);
    expect(outcome.flags).toEqual(expected);
    expect(outcome.dropped).toEqual(dropped);
  });

  it('never answers a template with AI extraction on that does not record or transcribe', () => {
    const values = [undefined, true, false];
    for (const start of [null, flags(false, false, false), flags(true, true, true)])
      for (const ai of values)
        for (const recording of values)
          for (const transcription of values) {
            const { flags: after } = applyCallFlags(start, {
              ai_extraction_enabled: ai,
              recording_enabled: recording,
              call_transcription_enabled: transcription,
            });
            if (after.ai_extraction_enabled) {
              expect(after.recording_enabled).toBe(true);
              expect(after.call_transcription_enabled).toBe(true);
            }
          }
  });

  it('the defaults have nothing on', () => {
    expect(DEFAULT_TEMPLATE_CALL_FLAGS).toEqual(flags(false, false, false));
  });
});

describe('isLockedByAiExtraction: §5, as the template screen locks the switches', () => {
  it.each<[keyof TemplateCallFlags, boolean, boolean]>([
    ['recording_enabled', true, true],
    ['call_transcription_enabled', true, true],
    ['ai_extraction_enabled', true, false],
    ['recording_enabled', false, false],
    ['call_transcription_enabled', false, false],
  ])('%s with AI extraction %s: locked %s', (flag, ai, locked) => {
    expect(isLockedByAiExtraction(flag, ai)).toBe(locked);
  });

  it('says why in a sentence', () => {
    expect(AI_EXTRACTION_LOCK_REASON).toMatch(/records and transcribes/);
  });
});

describe('mergeTemplateTags', () => {
  it.each<[string[], string[], string[]]>([
    [[], ['sales'], ['sales']],
    [['google-ads'], ['sales'], ['google-ads', 'sales']],
    [['Sales'], ['sales', 'service'], ['Sales', 'service']],
    [['a', 'b'], [], ['a', 'b']],
    [[], ['x', 'X'], ['x']],
  ])('%j + %j → %j', (own, template, merged) => {
    expect(mergeTemplateTags(own, template)).toEqual(merged);
  });

  it('applying twice changes nothing', () => {
    const once = mergeTemplateTags(['a'], ['b', 'c']);
    expect(mergeTemplateTags(once, ['b', 'c'])).toEqual(once);
  });
});

describe('messages', () => {
  it.each<[number, string]>([
    [1, 'The template was applied to 1 number.'],
    [3, 'The template was applied to 3 numbers.'],
  ])('applied to %i', (count, text) => expect(templateAppliedMessage(count)).toBe(text));

  it.each<[number, string]>([
    [1, 'The template was deleted.'],
    [2, '2 templates were deleted.'],
  ])('deleted %i', (count, text) => expect(templatesDeletedMessage(count)).toBe(text));
});
