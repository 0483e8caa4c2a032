import { afterEach, describe, expect, it } from 'vitest';
import { isShortcutKey, searchBoxOf, shortcutSections } from './shortcuts';

const keysOf = (sections: ReturnType<typeof shortcutSections>) =>
  sections.flatMap((section) => section.shortcuts.map((shortcut) => shortcut.keys.join(' ')));

describe('the shortcut overview lists only what works for this person', () => {
  it('an agent with a phone: go-to keys for their screens, the inbox keys and the phone keys', () => {
    const keys = keysOf(shortcutSections({ paths: ['/inbox', '/activity', '/contacts'], phone: true }));
    expect(keys).toEqual(
      expect.arrayContaining(['?', 'g i', 'g c', 'g a', '/', 'Esc', 'Enter', 'Alt+Shift+A', 'Alt+Shift+H']),
    );
  });

  it('a role without the inbox or the phone is offered neither', () => {
    const sections = shortcutSections({ paths: ['/activity', '/contacts', '/profile'], phone: false });
    expect(sections.map((section) => section.title)).toEqual(['Anywhere']);
    expect(keysOf(sections)).not.toContain('g i');
    expect(keysOf(sections)).toContain('g c');
  });
});

describe('keys typed into a field or a dialog are not shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const press = (target: Element, init: KeyboardEventInit = {}) => {
    let seen = false;
    const listener = (event: Event) => {
      seen = isShortcutKey(event as KeyboardEvent);
    };
    window.addEventListener('keydown', listener);
    target.dispatchEvent(new KeyboardEvent('keydown', { key: '?', bubbles: true, ...init }));
    window.removeEventListener('keydown', listener);
    return seen;
  };

  it.each([
    ['the page', '<button id="t">Archive</button>', {}, true],
    ['a text field', '<input id="t">', {}, false],
    ['a message box', '<textarea id="t"></textarea>', {}, false],
    ['an editable area', '<div id="t" contenteditable="true"></div>', {}, false],
    ['a dialog', '<div role="dialog"><button id="t">OK</button></div>', {}, false],
    ['the page, with Ctrl held', '<button id="t">Archive</button>', { ctrlKey: true }, false],
  ] as const)('in %s', (_where, html, init, expected) => {
    document.body.innerHTML = html;
    const target = document.getElementById('t');
    if (!target) throw new Error('no target');
    expect(press(target, init)).toBe(expected);
  });
});

describe("`/` finds the screen's search box", () => {
  it('a search field, or a field named "Search …", in the main content only', () => {
    document.body.innerHTML = `
      <header><input aria-label="Search everything"></header>
      <main>
        <input aria-label="Name">
        <label for="s">Search contacts</label><input id="s">
      </main>`;
    expect(searchBoxOf(document)?.id).toBe('s');
    document.body.innerHTML = '<main><input aria-label="Name"></main>';
    expect(searchBoxOf(document)).toBeNull();
  });
});
