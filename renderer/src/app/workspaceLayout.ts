/**
 * The agent's layout choices, remembered per user on this device (ui/preferences.ts): whether the
 * contact details are open beside the thread, and whether the phone dock is expanded. The shell sizes its phone
 * column by the dock's state and the softphone draws it, so both read the same atom.
 */
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { perUserPreference } from '../ui/preferences';

/** Closed until the agent opens them: the thread gets the room. */
const contactDetailsOpen = perUserPreference('inbox.contactDetails', false);
/** Expanded until the agent collapses it, so a new agent sees the phone. */
const phoneExpanded = perUserPreference('phone.expanded', true);
/** A call opened the dock for as long as it needs it, whatever the agent chose (not remembered). */
const phoneRaisedAtom = atom(false);

export function useContactDetailsOpen(userId: number) {
  return useAtom(contactDetailsOpen(userId));
}

/** Whether the phone dock shows in full (the agent's choice, or raised by a ring). */
export function usePhoneDockExpanded(userId: number): boolean {
  const chosen = useAtomValue(phoneExpanded(userId));
  const raised = useAtomValue(phoneRaisedAtom);
  return chosen || raised;
}

export function usePhoneDock(userId: number) {
  const expanded = usePhoneDockExpanded(userId);
  const setChoice = useSetAtom(phoneExpanded(userId));
  const setRaised = useSetAtom(phoneRaisedAtom);
  /** The agent's own choice, remembered; collapsing also lowers what a ring raised. */
  const choose = useCallback(
    (open: boolean) => {
      setChoice(open);
      setRaised(false);
    },
    [setChoice, setRaised],
  );
  /** Opened for a call (a ring, a wrap-up), and back to the agent's choice when it is over. */
  const raise = useCallback((raised: boolean) => setRaised(raised), [setRaised]);
  return { expanded, choose, raise };
}

/** The phone column's width: the full panel, or the slim bar of the collapsed dock. */
export const PHONE_DOCK_WIDTH = { expanded: 320, collapsed: 84 } as const;
