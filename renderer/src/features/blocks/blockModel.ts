/**
 * The blocks screen's rules (§3 Block "target, global, number_id, company_id, action 1"; §5 phone numbers): the
 * body of `POST /blocks` from what the person entered, judged by the contract's own schema before it is sent
 * (the target normalised to E.164 by §5's rules, global or one number), how a block's scope is said, and the
 * search over the list.
 */
import { BLOCK_TARGET_INVALID, type Block, type BlockCreate, BlockCreateSchema } from '@shared/api/blocks';
import { formatPhone, normalizePhone, phoneSearchDigits } from '@shared/domain/phone';

/** "Every number" or one tracked number's id, as the scope picker's value. */
export const GLOBAL_SCOPE = 'global';

export interface BlockDraft {
  target: string;
  /** GLOBAL_SCOPE, or a tracked number's id as text; '' when none is chosen yet. */
  scope: string;
}

/** A tracked number as the scope picker and the list name it. */
export interface NumberChoice {
  id: number;
  number: string;
  label: string;
}

/** "(312) 555-0101 · Sales", or the formatted number alone. */
export function numberName(number: { number: string; label: string }): string {
  const formatted = formatPhone(number.number);
  return number.label.trim() ? `${formatted} · ${number.label.trim()}` : formatted;
}

export function blockBody(companyId: number, draft: BlockDraft): BlockCreate {
  const global = draft.scope === GLOBAL_SCOPE;
  return {
    company_id: companyId,
    target: draft.target,
    global,
    ...(global ? {} : { number_id: draft.scope ? Number(draft.scope) : null }),
  };
}

/** What the contract would refuse, by field (`target`, `number_id`); empty when the block may be sent. */
export function blockErrors(companyId: number, draft: BlockDraft): Partial<Record<string, string>> {
  const parsed = BlockCreateSchema.safeParse(blockBody(companyId, draft));
  if (parsed.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'target');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The number as it will be blocked (§5: normalised to E.164, formatted for display), or null when invalid. */
export function targetPreview(target: string): string | null {
  const e164 = target.trim() ? normalizePhone(target) : null;
  return e164 ? formatPhone(e164) : null;
}

/** The target's problem as the person types, after they have typed something (§5 rules). */
export function targetProblem(target: string): string | undefined {
  if (!target.trim()) return undefined;
  return normalizePhone(target) ? undefined : BLOCK_TARGET_INVALID;
}

/** Where a block applies, in words: every number, or the tracked number (by name when it is known). */
export function blockScope(block: Block, numbers: ReadonlyMap<number, NumberChoice>): string {
  if (block.global) return 'All numbers';
  const known = block.number_id === null ? undefined : numbers.get(block.number_id);
  if (known) return numberName(known);
  return block.number ? formatPhone(block.number) : 'A number no longer tracked';
}

/**
 * Blocks matching a search: a phone-like search by digits (the blocked number, as typed in any format), any
 * other by the blocked number's display form, the number it is on, or who blocked it.
 */
export function searchBlocks(
  blocks: readonly Block[],
  search: string,
  numbers: ReadonlyMap<number, NumberChoice>,
): Block[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [...blocks];
  const digits = phoneSearchDigits(wanted);
  return blocks.filter((block) => {
    if (digits) {
      const own = block.target.replace(/\D/g, '');
      if (own.includes(digits) || own.replace(/^1/, '').includes(digits)) return true;
    }
    return [formatPhone(block.target), blockScope(block, numbers), block.blocked_by?.name ?? ''].some(
      (text) => text.toLowerCase().includes(wanted),
    );
  });
}
