/**
 * The keyboard shortcuts of the signed-in app and their overview, opened with `?`. Typing is never taken for a
 * shortcut: keys pressed in a field, or with Ctrl, Cmd or Alt, or inside a dialog, are left alone. The overview
 * lists only what works for this person: the screens their role reaches, and the phone's keys when they take
 * calls (those are the phone's own, SoftphonePanel and ActiveCallView). Its code loads the first time it opens.
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from './lazyLoad';

export interface Shortcut {
  /** The keys, pressed one after the other. */
  keys: string[];
  what: string;
}

export interface ShortcutSection {
  title: string;
  shortcuts: Shortcut[];
}

/** `g` then a letter: go to a screen. */
const GO_TO = [
  { key: 'i', to: '/inbox', what: 'Go to the inbox' },
  { key: 'c', to: '/contacts', what: 'Go to contacts' },
  { key: 'a', to: '/activity', what: 'Go to activity' },
] as const;

/** How long after `g` its letter may come. */
const SEQUENCE_MS = 1500;

/** The inbox's own keys (the conversation list's and the contact details'), listed where the inbox is. */
const INBOX_SHORTCUTS: Shortcut[] = [
  { keys: ['↓'], what: 'Next conversation (in the list)' },
  { keys: ['↑'], what: 'Previous conversation (in the list)' },
  { keys: ['Enter'], what: 'Open the conversation' },
  { keys: ['Esc'], what: 'Close the contact details' },
];

/** The phone's keys (SoftphonePanel, ActiveCallView), listed for those who take calls. */
const PHONE_SHORTCUTS: Shortcut[] = [
  { keys: ['Alt+Shift+A'], what: 'Answer the ringing call' },
  { keys: ['Alt+Shift+D'], what: 'Decline the ringing call' },
  { keys: ['Alt+Shift+H'], what: 'Hang up' },
  { keys: ['Alt+Shift+M'], what: 'Mute or unmute' },
  { keys: ['Alt+Shift+O'], what: 'Hold or resume (during a call)' },
  { keys: ['Alt+Shift+K'], what: 'Show or hide the keypad (during a call)' },
  { keys: ['Alt+Shift+T'], what: 'Transfer (during a call)' },
];

/** The shortcuts for someone who may open `paths` (their navigation) and, with `phone`, takes calls. */
export function shortcutSections({ paths, phone }: { paths: string[]; phone: boolean }): ShortcutSection[] {
  const anywhere: Shortcut[] = [
    { keys: ['?'], what: 'Show the keyboard shortcuts' },
    ...GO_TO.filter((go) => paths.includes(go.to)).map((go) => ({ keys: ['g', go.key], what: go.what })),
    { keys: ['/'], what: "Search this screen's list (inbox, contacts, activity, groups, users)" },
  ];
  return [
    { title: 'Anywhere', shortcuts: anywhere, shown: true },
    { title: 'Inbox', shortcuts: INBOX_SHORTCUTS, shown: paths.includes('/inbox') },
    { title: 'Phone', shortcuts: PHONE_SHORTCUTS, shown: phone },
  ]
    .filter((section) => section.shown)
    .map(({ title, shortcuts }) => ({ title, shortcuts }));
}

/** Keys meant for a field, a dialog or the browser are not shortcuts. */
export function isShortcutKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return true;
  if (
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]')
  )
    return false;
  return true;
}

/** The screen's search box: a search field, or a field whose name starts with "Search", in the main content. */
export function searchBoxOf(root: ParentNode): HTMLInputElement | null {
  for (const input of root.querySelectorAll<HTMLInputElement>('main input')) {
    const name = input.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? '';
    const visible = input.getClientRects().length > 0;
    if (visible && (input.type === 'search' || /^search\b/i.test(name.trim()))) return input;
  }
  return null;
}

const overview = lazyComponent('shortcuts', () =>
  import('./ShortcutOverview').then((m) => m.ShortcutOverview),
);

/** Listens for the shortcuts anywhere in the signed-in app, and shows their overview on `?`. */
export function KeyboardShortcuts({ paths, phone }: { paths: string[]; phone: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The latest navigation, read when a key comes (the shell hands a new list each render).
  const reachable = useRef(paths);
  reachable.current = paths;

  useEffect(() => {
    let gPressedAt = 0;
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcutKey(event)) return;
      const afterG = Date.now() - gPressedAt < SEQUENCE_MS;
      gPressedAt = 0;
      if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      } else if (event.key === '/') {
        const search = searchBoxOf(document);
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === 'g') {
        gPressedAt = Date.now();
      } else if (afterG) {
        const go = GO_TO.find(
          (candidate) => candidate.key === event.key && reachable.current.includes(candidate.to),
        );
        if (go) void navigate(go.to);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <overview.Component sections={shortcutSections({ paths, phone })} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
