import { z } from 'zod';
import { readPhoneNumber, validatePhoneNumber } from '../phone.ts';
import { CUSTOMER_TEXT as T } from './messages.ts';
import {
  CONTACT_CHANNELS,
  DISTRICTS,
  GENDERS,
  INCOME_BANDS,
  PERSONAL_ID_TYPES,
  SECTOR_CODE_LIST,
  SOURCES_OF_FUNDS,
  TITLES,
} from './reference-data.ts';

/**
 * The customer record per kind, one zod schema each for the form and the server. Dates are
 * YYYY-MM-DD. Rules that depend on "today" take it as an argument: the server passes the business
 * date, the form the date the server reported, so both refuse the same input.
 */
// A missing field says the same as an empty one: "This field is required", not zod's type message.
const required = z.string(T.required);
const text = (max: number) => required.trim().min(1, T.required).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const isoDate = z.iso.date(T.required);
const mobile = required.transform((v, ctx) => {
  const check = validatePhoneNumber(readPhoneNumber(v));
  if (!check.valid) {
    ctx.addIssue({ code: 'custom', message: check.message });
    return z.NEVER;
  }
  return check.normalized;
});

/** NIN: 8 upper-case letters and digits. No public checksum exists (docs/decisions, NIN ADR). */
export const NIN_PATTERN = /^[A-Z0-9]{8}$/;
const ID_PATTERNS = {
  national_id: [NIN_PATTERN, T.nin],
  passport: [/^[A-Z0-9]{6,9}$/, T.passport],
  voter_card: [/^[A-Z0-9]{6,12}$/, T.voterCard],
} as const;

export const addressSchema = z.object(
  {
    line1: text(120),
    line2: optionalText(120),
    town: text(60),
    district: z.enum(DISTRICTS, T.required),
  },
  T.required,
);

export const nextOfKinSchema = z.object(
  {
    name: text(120),
    relationship: text(40),
    mobile,
  },
  T.required,
);

const individualFields = {
  title: z.enum(TITLES, T.required),
  firstName: text(60),
  middleName: optionalText(60),
  lastName: text(60),
  gender: z.enum(GENDERS, T.required),
  dateOfBirth: isoDate,
  /** An existing customer acting for a minor. */
  guardianId: z.number().int().positive().optional(),
  idType: z.enum(PERSONAL_ID_TYPES, T.required),
  idNumber: required.trim().toUpperCase().min(1, T.required),
  idIssuedOn: isoDate,
  idExpiresOn: isoDate,
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('SL'),
  mobile,
  email: z.email(T.email).optional(),
  address: addressSchema,
  occupation: text(80),
  employer: optionalText(120),
  incomeBand: z.enum(INCOME_BANDS, T.required),
  sourceOfFunds: z.enum(SOURCES_OF_FUNDS, T.required),
  nextOfKin: nextOfKinSchema,
  pep: z.boolean().default(false),
};

const organisationFields = {
  registeredName: text(160),
  registrationNumber: required
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9/-]{4,20}$/, T.registrationNumber),
  tin: required.regex(/^\d{9,10}$/, T.tin),
  sectorCode: z.enum(SECTOR_CODE_LIST, T.required),
  incorporatedOn: isoDate,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('SL'),
  mobile,
  email: z.email(T.email).optional(),
  address: addressSchema,
  /** Directors and authorised signatories: existing private customers. */
  signatories: z
    .array(
      z.object({ customerId: z.number().int().positive(), role: z.enum(['director', 'signatory']) }),
      T.signatories,
    )
    .min(1, T.signatories),
  mandate: z.enum(['any_one', 'any_two', 'combination'], T.required),
  /** For `combination`: each inner list is one set of signatories who may sign together. */
  combinations: z.array(z.array(z.number().int().positive()).min(2)).default([]),
};

const jointFields = {
  /** The account title, e.g. "Fatmata and Mohamed Kamara". */
  jointName: text(160),
  holders: z.array(z.number().int().positive(), T.jointHolders).min(2, T.jointHolders),
  mandate: z.enum(['either_or_survivor', 'all_to_sign'], T.required),
  mobile,
  address: addressSchema,
};

const yearsBetween = (from: string, to: string) => {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
};

/**
 * A refinement's gate: it runs once the fields it reads parsed, whatever else is still missing. zod
 * skips an object's refinements while any field fails, so the form's step check (which validates
 * the whole record and keeps the step's fields) would otherwise learn the NIN shape or the ID's
 * dates only at the final Create.
 */
const whenParsed = (...fields: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

/** The create schema for `today` (YYYY-MM-DD), discriminated by `type`. */
export function customerCreateSchema(today: string) {
  const individual = <K extends 'private' | 'employee'>(type: K) =>
    z
      .object({ type: z.literal(type), branch: required.min(1, T.required), ...individualFields })
      .superRefine(
        (c, ctx) => {
          const [pattern, message] = ID_PATTERNS[c.idType];
          if (!pattern.test(c.idNumber)) ctx.addIssue({ code: 'custom', path: ['idNumber'], message });
        },
        whenParsed('idType', 'idNumber'),
      )
      .superRefine(
        (c, ctx) => {
          if (c.idIssuedOn > today)
            ctx.addIssue({ code: 'custom', path: ['idIssuedOn'], message: T.idIssuedFuture });
          if (c.idExpiresOn <= c.idIssuedOn)
            ctx.addIssue({ code: 'custom', path: ['idExpiresOn'], message: T.idExpiryBeforeIssue });
          else if (c.idExpiresOn < today)
            ctx.addIssue({ code: 'custom', path: ['idExpiresOn'], message: T.idExpired });
        },
        whenParsed('idIssuedOn', 'idExpiresOn'),
      )
      .superRefine(
        (c, ctx) => {
          if (c.dateOfBirth > today)
            ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: T.dobFuture });
          else if (yearsBetween(c.dateOfBirth, today) < 18 && c.guardianId === undefined)
            ctx.addIssue({ code: 'custom', path: ['guardianId'], message: T.minorNeedsGuardian });
        },
        whenParsed('dateOfBirth', 'guardianId'),
      );
  const organisation = <K extends 'corporate' | 'government' | 'organisation'>(type: K) =>
    z
      .object({ type: z.literal(type), branch: required.min(1, T.required), ...organisationFields })
      .superRefine((c, ctx) => {
        if (c.incorporatedOn > today)
          ctx.addIssue({ code: 'custom', path: ['incorporatedOn'], message: T.incorporatedFuture });
      }, whenParsed('incorporatedOn'))
      .superRefine(
        (c, ctx) => {
          if (c.mandate === 'combination' && c.combinations.length === 0)
            ctx.addIssue({ code: 'custom', path: ['combinations'], message: T.combinations });
        },
        whenParsed('mandate', 'combinations'),
      );
  const joint = z
    .object({ type: z.literal('joint'), branch: required.min(1, T.required), ...jointFields })
    .refine((c) => new Set(c.holders).size === c.holders.length, {
      path: ['holders'],
      message: T.jointHolders,
    });
  return z.discriminatedUnion('type', [
    individual('private'),
    individual('employee'),
    organisation('corporate'),
    organisation('government'),
    organisation('organisation'),
    joint,
  ]);
}
export type CustomerCreate = z.infer<ReturnType<typeof customerCreateSchema>>;
export type CustomerCreateInput = z.input<ReturnType<typeof customerCreateSchema>>;

/**
 * A record as stored and answered (the 360 view's `details`), per kind: the create schema's fields,
 * the mobile numbers as the normalised strings its transform produced. A record made through the
 * create schema has them all; a record loaded in bulk may lack some (its KYC then lists the gaps),
 * so only the kind and the branch are promised.
 */
const storedMobile = z.string().describe('normalised, e.g. +23276123456');
const stored = <D extends z.ZodType, T extends z.ZodRawShape>(type: D, fields: T) =>
  z.object(fields).partial().extend({ type, branch: z.string() });
export const customerRecordSchema = z
  .discriminatedUnion('type', [
    stored(z.enum(['private', 'employee']), {
      ...individualFields,
      mobile: storedMobile,
      nextOfKin: nextOfKinSchema.extend({ mobile: storedMobile }),
    }),
    stored(z.enum(['corporate', 'government', 'organisation']), {
      ...organisationFields,
      mobile: storedMobile,
    }),
    stored(z.literal('joint'), { ...jointFields, mobile: storedMobile }),
  ])
  .meta({ discriminator: { propertyName: 'type' } });

/**
 * The `changes` of an edit: any fields of the customer's kind (not `type` or `branch`, which change
 * through their own routes). The server validates the record they make with `customerCreateSchema`.
 */
export const customerChangesSchema = z.union([
  z.object(individualFields).partial().meta({ title: 'Individual (private, employee)' }),
  z
    .object(organisationFields)
    .partial()
    .meta({ title: 'Organisation (corporate, government, organisation)' }),
  z.object(jointFields).partial().meta({ title: 'Joint' }),
]);

/** A contact-log entry: who talked to the customer, how, when and about what. */
export const contactLogEntrySchema = z.object({
  channel: z.enum(CONTACT_CHANNELS, T.required),
  summary: text(1000),
  /** When it happened; the server records who logged it. */
  at: z.iso.datetime({ offset: true }),
});
export const preferredChannelSchema = z.enum(CONTACT_CHANNELS);
