/**
 * The website tracking script (§7 "Tracking pools and DNI", issue 21), served by the platform at
 * `GET /api/dni/script.js` and installed on a customer's pages with
 * `<script async src="https://platform/api/dni/script.js" data-key="…"></script>` (`GET /trackingNumbers/script`).
 *
 * On each page view it tells the platform about the visit (`POST /dni/session`: the page, its referrer and title;
 * the platform reads UTM parameters and click ids from the page's address) with the session and visitor ids kept in
 * first-party cookies, and gets back the number to show instead of the company's target numbers. It swaps those in
 * text and `tel:` links, whatever their format (shared/domain/dniSwap.ts), keeps swapping what the page adds later
 * (a MutationObserver), and heartbeats while the page is open so the visitor keeps their number.
 *
 * A customer's page must never suffer for it: it depends on nothing, throws nothing, writes nothing to the console,
 * and when it is blocked, the platform is slow (3 s) or down, or the visitor is a bot, the page keeps its own numbers.
 */
import { swapPhoneNumbers, swapTelHref, targetSet } from '@shared/domain/dniSwap';

interface VisitAnswer {
  session_id: string | null;
  visitor_id: string | null;
  number: string | null;
  targets: string[];
  heartbeat_seconds: number;
  lease_seconds: number;
}

const SESSION_COOKIE = '_sbdni_s';
const VISITOR_COOKIE = '_sbdni_v';
const YEAR_SECONDS = 365 * 24 * 3600;
const TIMEOUT_MS = 3000;
const SCRIPT_PATH = /\/dni\/script\.js(?:[?#].*)?$/;
/** Where numbers are never swapped: code, and what the visitor types or edits. */
const SKIPPED = /^(SCRIPT|STYLE|NOSCRIPT|TEXTAREA|INPUT|SELECT|OPTION|TEMPLATE)$/;

/** Runs `action`, swallowing whatever it throws: nothing of ours may break or clutter the customer's page. */
function quietly<A extends unknown[]>(action: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      action(...args);
    } catch {
      // The page keeps working, with its own numbers where we failed.
    }
  };
}

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && SCRIPT_PATH.test(current.src)) return current;
  // `async` scripts run with no currentScript in some browsers: find ours by its address.
  for (const script of Array.from(document.getElementsByTagName('script')))
    if (SCRIPT_PATH.test(script.src) && script.getAttribute('data-key')) return script;
  return null;
}

function readCookie(name: string): string | null {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers visitors use (Firefox, older Safari)
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.max(1, Math.floor(maxAgeSeconds))}; Path=/; SameSite=Lax${secure}`;
}

/** POSTs JSON as `text/plain` (a CORS simple request: no preflight) without cookies; gives up after 3 s. */
function post(url: string, body: object): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  return fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'text/plain' },
    credentials: 'omit',
    keepalive: true,
    mode: 'cors',
    signal: abort.signal,
  }).finally(() => clearTimeout(timer));
}

/** Whether an answer is one the script can act on (a platform of another version, or a proxy's page, is not). */
function isVisitAnswer(value: unknown): value is VisitAnswer {
  const answer = value as VisitAnswer | null;
  return (
    !!answer &&
    (answer.number === null || typeof answer.number === 'string') &&
    Array.isArray(answer.targets) &&
    typeof answer.heartbeat_seconds === 'number' &&
    typeof answer.lease_seconds === 'number'
  );
}

/** Whether a node is inside something never swapped (code, form fields, editable content). */
function skipped(node: Node): boolean {
  for (let element = node.parentElement; element; element = element.parentElement)
    if (SKIPPED.test(element.tagName) || element.isContentEditable) return true;
  return false;
}

/** Swaps the numbers in `root` (an element, a text node, the whole document): text and `tel:` links. */
function swapWithin(root: Node, targets: ReadonlySet<string>, number: string): void {
  if (root.nodeType === Node.TEXT_NODE) {
    const text = root as Text;
    const swapped = swapPhoneNumbers(text.data, targets, number);
    if (swapped !== text.data && !skipped(text)) text.data = swapped;
    return;
  }
  if (!(root instanceof Element || root instanceof Document)) return;
  if (root instanceof Element && (SKIPPED.test(root.tagName) || skipped(root))) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement && (SKIPPED.test(node.parentElement.tagName) || node.parentElement.isContentEditable)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    const swapped = swapPhoneNumbers(text.data, targets, number);
    if (swapped !== text.data) text.data = swapped;
  }
  const links = Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href^="tel:" i]'));
  if (root instanceof HTMLAnchorElement) links.push(root);
  for (const link of links) swapLink(link, targets, number);
}

function swapLink(link: Element, targets: ReadonlySet<string>, number: string): void {
  const href = link.getAttribute('href');
  if (!href || (link as HTMLElement).isContentEditable) return;
  const swapped = swapTelHref(href, targets, number);
  if (swapped !== href) link.setAttribute('href', swapped);
}

quietly(() => {
  const script = ownScript();
  const key = script?.getAttribute('data-key');
  if (!script || !key || typeof fetch !== 'function') return;
  // The API's base is the script's own address without `/dni/script.js` (so a platform under another prefix works).
  const base = script.src.replace(SCRIPT_PATH, '');
  let observer: MutationObserver | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  /** The number the page shows now, once swapped: a later page view that gets another swaps it too. */
  let shown: string | null = null;

  /** Keeps swapping what the page adds or rewrites later (single-page apps, chat widgets, lazy sections). */
  const watch = (targets: ReadonlySet<string>, number: string) => {
    observer?.disconnect();
    observer = new MutationObserver(
      quietly((records: MutationRecord[]) => {
        for (const record of records) {
          if (record.type === 'childList')
            for (const node of Array.from(record.addedNodes)) swapWithin(node, targets, number);
          else if (record.type === 'characterData') swapWithin(record.target, targets, number);
          else if (record.target instanceof Element && record.target.matches('a'))
            swapLink(record.target, targets, number);
        }
        // What we just changed was reported to us too: drop those records rather than look at our own work again
        // (it would change nothing — a swapped text has no target left — but costs a pass over it).
        observer?.takeRecords();
      }),
    );
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['href'],
    });
  };

  const beat = quietly((sessionId: string, leaseSeconds: number) => {
    const url = `${base}/dni/heartbeat`;
    const body = JSON.stringify({ key, session_id: sessionId });
    // A beacon survives the page closing and needs no answer; fetch is the fallback where there is none.
    const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
    if (!sent) post(url, { key, session_id: sessionId }).catch(() => undefined);
    // The visitor is still here: their session lasts another lease from now.
    writeCookie(SESSION_COOKIE, sessionId, leaseSeconds);
  });

  const visit = async () => {
    const response = await post(`${base}/dni/session`, {
      key,
      session_id: readCookie(SESSION_COOKIE),
      visitor_id: readCookie(VISITOR_COOKIE),
      url: location.href,
      referrer: document.referrer,
      title: document.title.slice(0, 300),
    });
    if (!response.ok) return;
    const answer: unknown = await response.json();
    if (!isVisitAnswer(answer)) return;
    // A bot, or a visit no source claims, gets no session: nothing is kept about it.
    if (answer.session_id) writeCookie(SESSION_COOKIE, answer.session_id, answer.lease_seconds);
    if (answer.visitor_id) writeCookie(VISITOR_COOKIE, answer.visitor_id, YEAR_SECONDS);
    clearInterval(heartbeat);
    if (answer.session_id && answer.heartbeat_seconds > 0) {
      const sessionId = answer.session_id;
      heartbeat = setInterval(
        () => beat(sessionId, answer.lease_seconds),
        Math.max(10, answer.heartbeat_seconds) * 1000,
      );
    }
    if (!answer.number) return;
    const targets = targetSet(shown ? [...answer.targets, shown] : answer.targets);
    if (targets.size === 0) return;
    shown = answer.number;
    swapWithin(document, targets, answer.number);
    watch(targets, answer.number);
  };

  const run = () => {
    visit().catch(() => undefined);
  };
  // A single-page site calls this after changing page, so the platform sees each page of the visit.
  (window as unknown as { SwitchboardDNI?: { refresh(): void } }).SwitchboardDNI = {
    refresh: quietly(run),
  };
  run();
})();
