/**
 * §7 `GET /contacts (companyId, filters)`: the contract's `ContactFilters` as one SQL condition on `contacts`,
 * always narrowed to one company. The list, bulk actions, groups (virtual ones and "add all") and labels select
 * contacts through here (and the import may), so a filter means the same thing everywhere.
 *
 * Groups with `filters` are virtual: a contact is in one when it matches the group's own filters, which may name
 * other groups in turn. A group that (directly or not) names itself matches nothing on that path, and nesting
 * stops after a few levels, so a saved filter can never loop.
 */
import { type ContactFilters, ContactFiltersSchema } from '@shared/api/contacts';
import { CONTACT_ENTITY_TYPE, checkCustomValue } from '@shared/domain/customFields';
import { normalizePhone, phoneSearchDigits } from '@shared/domain/phone';
import { and, eq, exists, ilike, inArray, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contacts,
  eavValues,
} from '../../../db/schema';
import { likePattern } from '../../companies/service';
import { type FieldRule, loadFieldRules } from '../../customFields/values';

/** How deep virtual groups may name other virtual groups. */
const MAX_GROUP_DEPTH = 5;

const NOTHING = sql`false`;

/**
 * Builds filter conditions for one company, loading what it needs (the company's virtual groups, its contact
 * custom fields) once, however many conditions it builds. Use one compiler for many conditions (group counts).
 */
export class ContactFilterCompiler {
  private virtualGroups?: Promise<Map<number, unknown>>;
  private fieldRules?: Promise<Map<number, FieldRule>>;

  constructor(
    private readonly db: Db,
    readonly companyId: number,
  ) {}

  /** The company's contacts matching `filters`. */
  async condition(filters: ContactFilters): Promise<SQL> {
    const parts = await this.parts(filters, new Set(), 0);
    return and(eq(contacts.company_id, this.companyId), ...parts) as SQL;
  }

  private loadVirtualGroups(): Promise<Map<number, unknown>> {
    this.virtualGroups ??= this.db
      .select({ id: contactGroups.id, filters: contactGroups.filters })
      .from(contactGroups)
      .where(and(eq(contactGroups.company_id, this.companyId), isNotNull(contactGroups.filters)))
      .then((rows) => new Map(rows.map((row) => [row.id, row.filters as unknown])));
    return this.virtualGroups;
  }

  private loadFieldRules(): Promise<Map<number, FieldRule>> {
    this.fieldRules ??= loadFieldRules(this.db, this.companyId, CONTACT_ENTITY_TYPE);
    return this.fieldRules;
  }

  private async parts(filters: ContactFilters, visiting: Set<number>, depth: number): Promise<SQL[]> {
    const parts: SQL[] = [];
    const search = filters.search?.trim();
    if (search) parts.push(searchCondition(search));
    if (filters.labels?.length) {
      parts.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(contactLabelLinks)
            .where(
              and(
                eq(contactLabelLinks.contact_id, contacts.id),
                inArray(contactLabelLinks.label_id, filters.labels),
              ),
            ),
        ),
      );
    }
    if (filters.groups?.length) parts.push(await this.groupsCondition(filters.groups, visiting, depth));
    if (filters.optin !== undefined)
      parts.push(filters.optin ? isNotNull(contacts.optin_type) : isNull(contacts.optin_type));
    if (filters.unsubscribed !== undefined) parts.push(eq(contacts.is_unsubscribed, filters.unsubscribed));
    if (filters.invalid !== undefined) parts.push(eq(contacts.is_invalid, filters.invalid));
    if (filters.type) parts.push(eq(contacts.type, filters.type));
    if (filters.source) parts.push(eq(contacts.source, filters.source));
    if (filters.custom?.length) {
      const rules = await this.loadFieldRules();
      for (const filter of filters.custom) parts.push(customCondition(this.db, rules, filter));
    }
    return parts;
  }

  /** In any of the groups: a member of a plain one, or matching a virtual one's filters. */
  private async groupsCondition(ids: number[], visiting: Set<number>, depth: number): Promise<SQL> {
    const virtual = await this.loadVirtualGroups();
    const plain = ids.filter((id) => !virtual.has(id));
    const alternatives: SQL[] = [];
    if (plain.length) {
      alternatives.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(contactGroupMembers)
            .where(
              and(
                eq(contactGroupMembers.contact_id, contacts.id),
                inArray(contactGroupMembers.group_id, plain),
              ),
            ),
        ),
      );
    }
    for (const id of ids.filter((id) => virtual.has(id))) {
      if (visiting.has(id) || depth >= MAX_GROUP_DEPTH) continue;
      const parsed = ContactFiltersSchema.safeParse(virtual.get(id));
      if (!parsed.success) continue;
      const parts = await this.parts(parsed.data, new Set([...visiting, id]), depth + 1);
      alternatives.push(parts.length ? (and(...parts) as SQL) : sql`true`);
    }
    return alternatives.length ? (or(...alternatives) as SQL) : NOTHING;
  }
}

/**
 * Over name, number, email and company name (any letter case, wildcards taken literally). Phone-like text is
 * also matched by its digits inside the E.164 number, so `(312) 555-01` finds +1312555 01xx.
 */
function searchCondition(search: string): SQL {
  const pattern = likePattern(search);
  const alternatives = [
    ilike(contacts.name, pattern),
    ilike(contacts.number, pattern),
    ilike(contacts.email, pattern),
    ilike(contacts.company_name, pattern),
  ];
  const digits = phoneSearchDigits(search);
  if (digits) alternatives.push(like(contacts.number, `%${digits}%`));
  return or(...alternatives) as SQL;
}

/**
 * A custom field's value: equal to the filter's value read by the field's data type (`yes` is true, an enum in
 * any case is its choice, a phone is its E.164); a text field contains it in any letter case, a keyword equals it
 * in any letter case. A field that is not the company's, or a value the field could never hold, matches nothing.
 */
function customCondition(
  db: Db,
  rules: Map<number, FieldRule>,
  filter: NonNullable<ContactFilters['custom']>[number],
): SQL {
  const rule = rules.get(filter.attribute_id);
  if (!rule) return NOTHING;
  const checked = checkCustomValue(rule, filter.value, (text) => normalizePhone(text));
  if (!checked.ok || checked.value === null) return NOTHING;
  const value = checked.value;
  const text = sql`(${eavValues.value} #>> '{}')`;
  const matches =
    rule.data_type === 'stringText'
      ? sql`${text} ilike ${likePattern(String(value))}`
      : rule.data_type === 'stringKeyword'
        ? sql`lower(${text}) = lower(${String(value)})`
        : sql`${eavValues.value} = ${JSON.stringify(value)}::jsonb`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(eavValues)
      .where(
        and(
          eq(eavValues.entity_type, CONTACT_ENTITY_TYPE),
          eq(eavValues.entity_id, contacts.id),
          eq(eavValues.attribute_id, rule.id),
          matches,
        ),
      ),
  );
}

/**
 * The company's contacts matching `filters`, as one condition on `contacts` (the company included). Async: it
 * reads the company's virtual groups and custom fields when the filters name them.
 */
export function contactFilterCondition(db: Db, companyId: number, filters: ContactFilters): Promise<SQL> {
  return new ContactFilterCompiler(db, companyId).condition(filters);
}

/**
 * The contacts a bulk action applies to (`ContactSelectionSchema`): the listed ids that are this company's, or
 * every contact of the company matching the filters.
 */
export function contactSelectionCondition(
  db: Db,
  companyId: number,
  selection: { contacts: number[] } | { all: true; filters: ContactFilters },
): Promise<SQL> {
  if ('contacts' in selection) {
    return Promise.resolve(
      and(eq(contacts.company_id, companyId), inArray(contacts.id, selection.contacts)) as SQL,
    );
  }
  return contactFilterCondition(db, companyId, selection.filters);
}
