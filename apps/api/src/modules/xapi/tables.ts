import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { JsonObject } from './values';

/** What a launch credential may touch: one learner (actor), registration, AU activity and session. */
export type LaunchScope = {
  sessionId: string;
  actor: JsonObject;
  registration: string;
  activityId: string;
};

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Who may talk to the learning record store: key/secret pairs made by administrators for an
 * integration (read, write or both), and launch credentials the academy issues itself for one
 * learner's course launch (cmi5), which expire. The secret is kept as a SHA-256 of a random
 * 32-byte value (high entropy, so no slow hash is needed).
 */
export const xapiCredentials = pgTable(
  'xapi_credentials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: varchar('key', { length: 64 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    canRead: boolean('can_read').notNull().default(true),
    canWrite: boolean('can_write').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the key last reached the LRS, to the minute (decision 155); null until it has. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /**
     * A launch credential's scope (decision 118): the one actor, registration, activity and cmi5
     * session it may write for. Null for an integration's key.
     */
    scope: jsonb('scope').$type<LaunchScope>(),
  },
  (t) => [uniqueIndex('xapi_credentials_key_idx').on(t.key)],
);

/**
 * Statements as stored (id, stored, authority and version filled in), with the columns their
 * queries filter on pulled out: the actor's and object's identifier, the verb, the activity, the
 * registration, and the agents and activities a "related" query reaches (GIN-indexed arrays).
 * `seq` orders statements by when they were stored and pages through them.
 */
export const xapiStatements = pgTable(
  'xapi_statements',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    stored: timestamp('stored', { withTimezone: true, precision: 3 }).notNull(),
    statement: jsonb('statement').$type<JsonObject>().notNull(),
    actorKey: text('actor_key').notNull(),
    verbId: text('verb_id').notNull(),
    objectActivityId: text('object_activity_id'),
    objectAgentKey: text('object_agent_key'),
    objectStatementId: uuid('object_statement_id'),
    registration: uuid('registration'),
    relatedAgents: text('related_agents').array().notNull(),
    relatedActivities: text('related_activities').array().notNull(),
    voided: boolean('voided').notNull().default(false),
    voiding: boolean('voiding').notNull().default(false),
    attachmentHashes: text('attachment_hashes').array().notNull(),
    credentialId: integer('credential_id'),
  },
  (t) => [
    uniqueIndex('xapi_statements_seq_idx').on(t.seq),
    index('xapi_statements_actor_idx').on(t.actorKey, t.seq),
    index('xapi_statements_verb_idx').on(t.verbId, t.seq),
    index('xapi_statements_activity_idx').on(t.objectActivityId, t.seq),
    index('xapi_statements_object_agent_idx').on(t.objectAgentKey, t.seq),
    index('xapi_statements_registration_idx').on(t.registration, t.seq),
    // The StatementRef statements by target, with what a filtered query checks of them: matching the
    // refs to a filter's matches reads only this index, never the table (decision 159). It also
    // serves every lookup by object_statement_id (an equality implies "is not null").
    index('xapi_statements_target_seq_idx')
      .on(t.objectStatementId, t.seq, t.voided, t.id)
      .where(sql`${t.objectStatementId} is not null`),
    // The StatementRef statements in order: a filtered query walks them for ones that target a match.
    index('xapi_statements_refs_idx').on(t.seq).where(sql`${t.objectStatementId} is not null`),
    index('xapi_statements_stored_idx').on(t.stored),
    index('xapi_statements_related_agents_idx').using('gin', t.relatedAgents),
    index('xapi_statements_related_activities_idx').using('gin', t.relatedActivities),
  ],
);

/** Attachment contents, once per SHA-256 however many statements carry them. */
export const xapiAttachments = pgTable('xapi_attachments', {
  sha2: varchar('sha2', { length: 128 }).primaryKey(),
  contentType: varchar('content_type', { length: 255 }).notNull(),
  content: bytea('content').notNull(),
});

/**
 * The document resources: state (activity + agent + optional registration), activity profiles
 * (activity) and agent profiles (agent), each a document by id with its content type and ETag.
 * Empty strings stand for "no activity", "no agent" and "no registration" so the key is unique.
 */
export const xapiDocuments = pgTable(
  'xapi_documents',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    activityId: text('activity_id').notNull(),
    agentKey: text('agent_key').notNull(),
    registration: text('registration').notNull(),
    docId: text('doc_id').notNull(),
    contentType: varchar('content_type', { length: 255 }).notNull(),
    content: bytea('content').notNull(),
    etag: varchar('etag', { length: 64 }).notNull(),
    updated: timestamp('updated', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.activityId, t.agentKey, t.registration, t.docId] }),
    index('xapi_documents_updated_idx').on(t.kind, t.activityId, t.agentKey, t.updated),
  ],
);

/** The canonical definition of each activity the LRS has seen (the latest one wins). */
export const xapiActivities = pgTable('xapi_activities', {
  id: text('id').primaryKey(),
  definition: jsonb('definition').$type<JsonObject>(),
  updated: timestamp('updated', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The academy's own learning events waiting to become statements (written in the transaction
 * that made the event, turned into statements by the emitter in the background).
 */
export const xapiOutbox = pgTable('xapi_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: varchar('kind', { length: 32 }).notNull(),
  payload: jsonb('payload').$type<JsonObject>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far the academy's own statements have reached another LRS, and when to try again after a failure. */
export const xapiForwarding = pgTable('xapi_forwarding', {
  endpoint: text('endpoint').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }),
  lastError: text('last_error'),
});
