import { describe, expect, it } from 'vitest';
import { personChanged } from '../../api/session';
import { draftOf, restoreDraft, setDraft } from './drafts';

describe('drafts (issue 17: "a draft survives switching conversations")', () => {
  it('are kept per conversation and cleared by an empty text (a send)', () => {
    setDraft(1, 'Hello Ada');
    setDraft(2, 'Hello Grace');
    expect(draftOf(1)).toBe('Hello Ada');
    expect(draftOf(2)).toBe('Hello Grace');
    setDraft(1, '');
    expect(draftOf(1)).toBe('');
    expect(draftOf(2)).toBe('Hello Grace');
  });

  it('take a refused text back only when the person has not started another', () => {
    restoreDraft(3, 'First words');
    expect(draftOf(3)).toBe('First words');
    setDraft(4, 'Newer words');
    restoreDraft(4, 'Refused words');
    expect(draftOf(4)).toBe('Newer words');
  });
});

describe('drafts when the person changes', () => {
  it('are all dropped (a sign-out, a session the server ended, signing in as someone or returning)', () => {
    setDraft(5, 'Not for the next person');
    setDraft(6, 'Nor this');
    personChanged();
    expect(draftOf(5)).toBe('');
    expect(draftOf(6)).toBe('');
  });
});
