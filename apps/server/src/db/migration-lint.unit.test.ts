import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../platform/db/migrate.ts';
import {
  allowedFindings,
  describeFindings,
  findingKey,
  lintMigration,
  lintMigrationsFolder,
} from './migration-lint.ts';

// The migration lint of npm test (issue #35 point 2, docs/decisions/0030): a migration that would hold a lock on an
// existing, possibly large, table for long is refused. This file runs in the unit step of npm test.

const fixture = path.resolve(
  fileURLToPath(import.meta.url),
  '../migration-lint-fixtures/9999_planted_bad.sql',
);

describe('migration lint', () => {
  it('passes every migration of the repository (the allow-listed ones of before the lint apart)', () => {
    const findings = lintMigrationsFolder(migrationsFolder);
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('allow-lists only findings that exist, each with a reason', () => {
    const all = new Set(lintMigrationsFolder(migrationsFolder, {}).map(findingKey));
    for (const [key, reason] of Object.entries(allowedFindings)) {
      expect(all.has(key), key).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('refuses each bad statement of the planted migration, on existing tables only', () => {
    const findings = lintMigration('9999_planted_bad', readFileSync(fixture, 'utf8'));
    expect(findings.map((f) => `${f.rule} ${f.table}`)).toEqual([
      'volatile-default items',
      'volatile-default items',
      'index-not-concurrent orders',
      'column-type-change users',
      'not-null-on-existing users',
      'not-null-on-existing users',
      'constraint-validated files',
      // CONCURRENTLY among other statements: the migrator would run it in a transaction, which PostgreSQL refuses
      'concurrent-not-alone -',
    ]);
    // the new table, the concurrent index, now() (stable: stored once, no rewrite) and NOT VALID pass
    expect(findings.some((f) => f.table === 'lint_fixture_new')).toBe(false);
  });

  it('fails the repository check when the planted migration is added to the journal', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-lint-'));
    try {
      cpSync(migrationsFolder, dir, { recursive: true });
      const journalPath = path.join(dir, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      journal.entries.push({
        idx: journal.entries.length,
        version: '7',
        when: Date.now(),
        tag: '9999_planted_bad',
        breakpoints: true,
      });
      writeFileSync(journalPath, JSON.stringify(journal));
      cpSync(fixture, path.join(dir, '9999_planted_bad.sql'));
      const findings = lintMigrationsFolder(dir);
      expect(findings).toHaveLength(8);
      expect(describeFindings(findings)).toContain('CREATE INDEX CONCURRENTLY');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads statements past quotes, dollar-quoted bodies and comments', () => {
    const alone =
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "files" ("size");--> statement-breakpoint\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "b_idx" ON "files" ("sha256");';
    expect(lintMigration('t', alone)).toEqual([]);
    const sql = `-- ALTER TABLE "x" ALTER COLUMN "a" TYPE int;
CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN PERFORM 'CREATE INDEX i ON t (a);'; END $$ LANGUAGE plpgsql;
ALTER TABLE "items" ADD COLUMN "note" text DEFAULT 'random(); not null'`;
    expect(lintMigration('t', sql)).toEqual([]);
  });
});
