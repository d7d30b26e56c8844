import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

export const userKind = pgEnum('user_kind', ['internal', 'external']);
export const userRole = pgEnum('user_role', ['user', 'admin']);

/** A person who signs in. `kind` is the InternalExternal claim; `role` gives isAdmin. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text(),
    kind: userKind().notNull().default('external'),
    role: userRole().notNull().default('user'),
    /** Functional areas (product §6) granted on top of the role's defaults, e.g. AppRapportage. */
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
    customerId: uuid().references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    language: text().notNull().default('nl-NL'),
    phone: text(),
    disabled: boolean().notNull().default(false),
    /** When the department approved the account; null while a self-registered account waits (no sign-in). */
    approvedAt: timestamp({ withTimezone: true }).defaultNow(),
    /** External identity: issuer + subject; one identity never merges into another provider's. */
    oidcIssuer: text(),
    oidcSubject: text(),
    upn: text(),
    /** Bumped on password change, reset or disable: refresh tokens of an older generation die. */
    sessionGeneration: integer().notNull().default(0),
    /**
     * Bumped by a trigger (migration 0017) whenever what the user may do changes: role, kind, permissions, customer,
     * disabled, approval. Access tokens carry it (claim `av`); an older one is refused so the client refreshes and
     * gets the new rights at once, on every process (docs/decisions/0012).
     */
    accessVersion: integer().notNull().default(0),
    lastLoginAt: timestamp({ withTimezone: true }),
    /**
     * The location the user chose last (issue #36): at the next sign-in, on any device, the app chooses it again
     * while the user still has it (GET /api/v2.0/PlantLocations answers it as defaultLocationNo).
     */
    lastLocationNo: text(),
    /** The ERP's key of the user (BC portalUsers' systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    /** Wants the weekly digest of idle equipment on their locations (decision 0034); off until they opt in. */
    idleDigest: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_uq').on(t.oidcIssuer, t.oidcSubject),
    index('users_customer_idx').on(t.customerId),
    uniqueIndex('users_erp_id_uq').on(t.erpId),
  ],
);

/**
 * Users deleted within the last day (docs/decisions/0012): a trigger writes the row as the user goes, so a server
 * process that starts later still refuses the access tokens the user was handed before (they outlive the row).
 * No foreign key: the user is gone. The same trigger drops rows older than a day.
 */
export const endedUsers = pgTable('ended_users', {
  userId: uuid().primaryKey(),
  endedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Server-side refresh tokens (stored hashed), rotated on use; a replayed one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    sessionGeneration: integer().notNull(),
    /** LoginType claim of the access tokens this family hands out: 'password' or 'external'. */
    loginType: text().notNull().default('password'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    familyExpiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // why: revoking every session of a user, and the cascade when a user is deleted.
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use password reset tokens (sha-256 of the random token is stored, never the token). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** 'reset' (forgot password) or 'invitation' (a new user sets a first password). */
    purpose: text().notNull().default('reset'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins per account and per address, for throttling (kept in the database: stateless servers). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'account:<lower email>' or 'ip:<address>' */
    subject: text().notNull(),
    address: inet(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_subject_time_idx').on(t.subject, t.createdAt)],
);

/**
 * A user import (issue #14 part 6, decision 0023): its progress while it runs in the background (the page polls
 * it), then its outcome. The rows themselves are written in one transaction: all or nothing.
 */
export const userImports = pgTable(
  'user_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Who started it: only they read its progress. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** running, done or failed (nothing imported). */
    state: text().notNull().default('running'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    invited: integer().notNull().default(0),
    errorCode: text(),
    /** The rows with errors when the import stopped on them. */
    rows: jsonb().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('user_imports_user_idx').on(t.userId)],
);
