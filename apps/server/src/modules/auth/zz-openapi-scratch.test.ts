import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
it('openapi', async () => {
  const t = await createTestApp({ seed: 'empty' });
  const r = await t.app.inject({ url: '/api/docs/json' });
  expect(r.statusCode, r.body.slice(0, 500)).toBe(200);
  const paths = Object.keys(r.json().paths).filter((p) => /Auth|Gebruiker|Users/.test(p));
  console.log(paths.join('\n'));
  console.log(JSON.stringify(r.json().paths['/api/LegacyAuth/LegacyLogin'].post.requestBody).slice(0, 600));
  await t.close();
});
