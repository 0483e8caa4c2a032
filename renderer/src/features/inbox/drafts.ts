/**
 * What the person was writing in each conversation, so switching to another conversation and back keeps it. In
 * memory only (gone with the window): a draft is the person's own words, never kept on the device beyond that.
 * A draft is cleared when its text is sent; a text the server refused comes back into it. All are dropped when
 * the person signs out or another takes the window (api/session.ts `personChanged`).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { forgetOnPersonChange } from '../../api/session';

const drafts = new Map<number, string>();
const listeners = new Set<() => void>();

forgetOnPersonChange(() => {
  drafts.clear();
  for (const listener of listeners) listener();
});

export function draftOf(conversationId: number): string {
  return drafts.get(conversationId) ?? '';
}

export function setDraft(conversationId: number, text: string): void {
  if (text === draftOf(conversationId)) return;
  if (text) drafts.set(conversationId, text);
  else drafts.delete(conversationId);
  for (const listener of listeners) listener();
}

/** A refused text back into its conversation's draft, unless the person has started another one. */
export function restoreDraft(conversationId: number, text: string): void {
  if (!draftOf(conversationId)) setDraft(conversationId, text);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The conversation's draft and its setter (a value or an update of the current one), like `useState`. */
export function useDraft(
  conversationId: number,
): [string, (next: string | ((current: string) => string)) => void] {
  const text = useSyncExternalStore(subscribe, () => draftOf(conversationId));
  const update = useCallback(
    (next: string | ((current: string) => string)) =>
      setDraft(conversationId, typeof next === 'function' ? next(draftOf(conversationId)) : next),
    [conversationId],
  );
  return [text, update];
}
