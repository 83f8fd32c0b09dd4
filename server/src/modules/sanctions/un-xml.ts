import { SaxesParser } from 'saxes';
import { SANCTIONS_TEXT } from '@bankmanager/contracts';
import { ListFileError, type ParsedEntry, type ParsedList } from './parsed-entry.ts';

/**
 * The UN Security Council consolidated list in its published XML (CONSOLIDATED_LIST with
 * INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY), read with a streaming parser: the file is fed in
 * slices and only the entry being read is held as an object, never a whole document tree.
 */
const ENTRY_TAGS = { INDIVIDUAL: 'individual', ENTITY: 'entity' } as const;
const ALIAS_TAGS = new Set(['INDIVIDUAL_ALIAS', 'ENTITY_ALIAS']);
const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'];
const SLICE = 64 * 1024;
/** Ranges wider than this are too vague to hold against a date of birth (UN lists give a few years at most). */
const MAX_YEAR_RANGE = 10;

interface Reading {
  kind: ParsedEntry['kind'];
  fields: Record<string, string>;
  aliases: string[];
  alias: Record<string, string> | null;
  dob: Record<string, string> | null;
  dobs: string[];
  nationalities: string[];
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function datesOf(d: Record<string, string>): string[] {
  const date = clean(d.DATE);
  if (/^\d{4}-\d{2}-\d{2}/.test(date)) return [date.slice(0, 10)];
  const year = clean(d.YEAR);
  if (/^\d{4}$/.test(year)) return [year];
  const from = Number(clean(d.FROM_YEAR));
  const to = Number(clean(d.TO_YEAR));
  if (Number.isInteger(from) && Number.isInteger(to) && from > 0 && to >= from && to - from <= MAX_YEAR_RANGE)
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
  return [];
}

function finish(r: Reading): ParsedEntry {
  const ref = clean(r.fields.DATAID);
  if (!ref) throw new ListFileError(SANCTIONS_TEXT.entryWithoutId);
  const name = NAME_PARTS.map((p) => clean(r.fields[p]))
    .filter(Boolean)
    .join(' ');
  return {
    ref,
    kind: r.kind,
    name: name || clean(r.fields.NAME_ORIGINAL_SCRIPT) || ref,
    aliases: [...new Set(r.aliases.filter((a) => a && a !== name))],
    referenceNumber: clean(r.fields.REFERENCE_NUMBER) || null,
    listType: clean(r.fields.UN_LIST_TYPE) || null,
    datesOfBirth: [...new Set(r.dobs)],
    nationalities: r.nationalities,
    listedOn: clean(r.fields.LISTED_ON).slice(0, 10) || null,
    comments: clean(r.fields.COMMENTS1) || null,
  };
}

export function parseUnList(xml: string): ParsedList {
  const parser = new SaxesParser({ position: true });
  const entries: ParsedEntry[] = [];
  const path: string[] = [];
  let generatedAt: string | null = null;
  let current: Reading | null = null;
  let text = '';
  // Set from the parser's callbacks; an object so the checks below read it after they ran.
  const state: { failure: ListFileError | null } = { failure: null };

  parser.on('error', (e) => {
    state.failure ??= new ListFileError(SANCTIONS_TEXT.badXml(e.message));
  });
  parser.on('opentag', (tag) => {
    if (path.length === 0) {
      if (tag.name !== 'CONSOLIDATED_LIST') state.failure ??= new ListFileError(SANCTIONS_TEXT.notUnList);
      const d = tag.attributes.dateGenerated;
      generatedAt = typeof d === 'string' && d ? d : null;
    }
    path.push(tag.name);
    text = '';
    if (tag.name in ENTRY_TAGS && path.length === 3)
      current = {
        kind: ENTRY_TAGS[tag.name as keyof typeof ENTRY_TAGS],
        fields: {},
        aliases: [],
        alias: null,
        dob: null,
        dobs: [],
        nationalities: [],
      };
    else if (current && ALIAS_TAGS.has(tag.name)) current.alias = {};
    else if (current && tag.name === 'INDIVIDUAL_DATE_OF_BIRTH') current.dob = {};
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const parent = path[path.length - 2];
    path.pop();
    if (!current) return;
    if (tag.name in ENTRY_TAGS && path.length === 2) {
      entries.push(finish(current));
      current = null;
    } else if (ALIAS_TAGS.has(tag.name) && current.alias) {
      const a = clean(current.alias.ALIAS_NAME);
      if (a) current.aliases.push(a);
      current.alias = null;
    } else if (tag.name === 'INDIVIDUAL_DATE_OF_BIRTH' && current.dob) {
      current.dobs.push(...datesOf(current.dob));
      current.dob = null;
    } else if (current.alias && parent && ALIAS_TAGS.has(parent)) current.alias[tag.name] = text;
    else if (current.dob && parent === 'INDIVIDUAL_DATE_OF_BIRTH') current.dob[tag.name] = text;
    else if (tag.name === 'VALUE' && parent === 'NATIONALITY') {
      const n = clean(text);
      if (n) current.nationalities.push(n);
    } else if (path.length === 3) current.fields[tag.name] = text;
    text = '';
  });

  try {
    for (let i = 0; i < xml.length && !state.failure; i += SLICE) parser.write(xml.slice(i, i + SLICE));
    if (!state.failure) parser.close();
  } catch (e) {
    if (e instanceof ListFileError) throw e;
    throw new ListFileError(SANCTIONS_TEXT.badXml(e instanceof Error ? e.message : String(e)));
  }
  if (state.failure) throw state.failure;
  if (entries.length === 0) throw new ListFileError(SANCTIONS_TEXT.emptyList);
  return { generatedAt, entries };
}
