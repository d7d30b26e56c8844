import type { z } from 'zod';

/** Every payload module of the contract, by area (@mp/contract/api). */
export type Contract = typeof import('@mp/contract/api');

/**
 * Names the contract schema of an answer: `(c) => c.shell.appConfig`. A function rather than the schema
 * itself, so that the production bundle carries neither the schemas nor zod: only development and tests load
 * the contract and call it.
 */
export type AnswerSchema<S extends z.ZodType = z.ZodType> = (contract: Contract) => S;

/**
 * The answer did not match its contract schema: the server and the web app have drifted apart. Thrown in
 * development and tests only; the message names the call and every zod issue.
 */
export class ContractDriftError extends Error {
  readonly operation: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(operation: string, issues: readonly z.core.$ZodIssue[]) {
    const lines = issues.map(
      (i) => `  - ${i.path.length ? i.path.map(String).join('.') : '(answer)'}: ${i.message}`,
    );
    super(`${operation} answered outside its contract:\n${lines.join('\n')}`);
    this.name = 'ContractDriftError';
    this.operation = operation;
    this.issues = issues;
  }
}

/** Checks answers in development and tests (Vite's dev server, Vitest); never in the production build. */
export const ANSWERS_CHECKED = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * Checks an answer against its contract schema in development and tests, and throws (and logs) a
 * ContractDriftError when it does not match. The answer itself is returned as it came, so development and
 * production behave alike. In the production build this returns the answer at once.
 */
export async function checkAnswer<T>(
  operation: string,
  answer: AnswerSchema | undefined,
  body: T,
): Promise<T> {
  // written out (not ANSWERS_CHECKED) so that the build drops the block and the contract's import with it
  if ((import.meta.env.DEV || import.meta.env.MODE === 'test') && answer) {
    const contract = await import('@mp/contract/api');
    const result = answer(contract).safeParse(body);
    if (!result.success) {
      const error = new ContractDriftError(operation, result.error.issues);
      console.error(error.message);
      throw error;
    }
  }
  return body;
}
