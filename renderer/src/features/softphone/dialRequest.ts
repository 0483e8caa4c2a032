/**
 * A number handed to the dialer from elsewhere: a `tel:` link (the desktop opens `/dialer?number=…`), or Call
 * back in the recent calls. The time makes a second request for the same number a new one.
 */
import { atom } from 'jotai';

export interface DialRequest {
  number: string;
  at: number;
}

export const dialRequestAtom = atom<DialRequest | null>(null);
