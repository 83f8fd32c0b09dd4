import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTACT_CHANNELS, CUSTOMER_DOCUMENT_KINDS } from '@bankmanager/contracts';
import { customers, inList } from './banking.ts';

export const CUSTOMER_RELATION_ROLES = ['director', 'signatory', 'joint_holder', 'guardian'] as const;

/**
 * Who acts for a customer: directors and signatories of an organisation, the holders of a
 * joint customer, the guardian of a minor. `related_id` is always a private customer.
 */
export const customerRelations = pgTable(
  'customer_relations',
  {
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    relatedId: integer('related_id')
      .notNull()
      .references(() => customers.custId),
    role: text('role', { enum: CUSTOMER_RELATION_ROLES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.custId, t.relatedId, t.role] }),
    check('customer_relations_role_check', sql`${t.role} in (${inList(CUSTOMER_RELATION_ROLES)})`),
    check('customer_relations_self_check', sql`${t.custId} <> ${t.relatedId}`),
    index('customer_relations_related_idx').on(t.relatedId),
  ],
);

/**
 * Photos, ID scans and specimen signatures. The bytes are a storage object in the private
 * `customer-documents` bucket; one document per kind is current (a partial unique index says so).
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    kind: text('kind', { enum: CUSTOMER_DOCUMENT_KINDS }).notNull(),
    objectPath: text('object_path').notNull(),
    contentType: text('content_type').notNull(),
    current: boolean('current').notNull().default(false),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_documents_kind_check', sql`${t.kind} in (${inList(CUSTOMER_DOCUMENT_KINDS)})`),
    uniqueIndex('customer_documents_current_unique')
      .on(t.custId, t.kind)
      .where(sql`${t.current}`),
    index('customer_documents_cust_idx').on(t.custId, t.uploadedAt),
  ],
);

/** The contact log: calls, visits and letters, who logged them and when they happened. */
export const customerContacts = pgTable(
  'customer_contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    custId: integer('cust_id')
      .notNull()
      .references(() => customers.custId),
    channel: text('channel', { enum: CONTACT_CHANNELS }).notNull(),
    summary: text('summary').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    loggedBy: text('logged_by').notNull(),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_contacts_channel_check', sql`${t.channel} in (${inList(CONTACT_CHANNELS)})`),
    index('customer_contacts_cust_idx').on(t.custId, t.at, t.id),
  ],
);

/**
 * How many customers there are per type, status, branch, effective risk and KYC completeness, kept
 * exact by triggers (migration customer_counts): an unsearched list, filtered or not, reads its
 * X-Total-Count here instead of counting a million rows.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    type: text('type').notNull(),
    status: text('status').notNull(),
    branchCode: text('branch_code').notNull(),
    risk: text('risk').notNull(),
    kycComplete: boolean('kyc_complete').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.status, t.branchCode, t.risk, t.kycComplete] })],
);
