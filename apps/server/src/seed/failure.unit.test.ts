import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './failure.ts';

// What `npm run seed` prints when it fails: the real cause (its message, its code, the statement), not only the
// wrapper's 'Failed query' (decision 0010: a scale-1000 run failed on the delivery notes and the log showed no cause).

describe('describeFailure', () => {
  it('names the cause under a failed query: its message, its code and the statement with its parameters', () => {
    const cause = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
      severity: 'ERROR',
    });
    const e = new DrizzleQueryError('select amount from order_costs where order_id = $1', ['9d7e'], cause);
    const text = describeFailure(e);
    expect(text.split('\n')[0]).toBe('canceling statement due to statement timeout (code 57014)');
    expect(text).toMatch(/statement: select amount from order_costs where order_id = \$1/);
    expect(text).toMatch(/parameters: \["9d7e"\]/);
    expect(text).toMatch(/at /); // where: the outer error's stack
  });

  it('names a cause without a code, and an error without a cause by its message and stack', () => {
    const e = new Error('outer', { cause: new Error('timeout exceeded when trying to connect') });
    expect(describeFailure(e).split('\n')[0]).toBe('timeout exceeded when trying to connect');
    expect(describeFailure(e)).toMatch(/^ {2}under: outer$/m);
    expect(describeFailure(new Error('plain')).split('\n')[0]).toBe('plain');
    expect(describeFailure('a string')).toBe('a string');
  });
});
