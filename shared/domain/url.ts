/** §5 "URLs without http or https get https:// prepended." Blank input stays blank; surrounding spaces go. */
export function ensureUrlScheme(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return '';
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return `https://${trimmed}`;
}

/** Rough but deliberate: text that a carrier would treat as a link (scheme, www., or a bare domain). */
const LINK_PATTERN =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|us|ca|me|ly|app|link|site|online|shop|store|xyz|gl|gg|tv|to|page)\b(?:\/\S*)?/i;

/** True when the text contains a link (§5: campaigns may not carry links unless the account allows them). */
export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}

/**
 * An absolute `https://` address with a host (no user name or password in it, no spaces): the one kind of address
 * we let a carrier be told to fetch audio from. Plain http could be changed on the way; other schemes (`file:`,
 * `javascript:`, `gopher:`) are not audio on the web at all.
 */
export function isHttpsUrl(text: string): boolean {
  return /^https:\/\/[^\s/?#\\@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(text);
}
