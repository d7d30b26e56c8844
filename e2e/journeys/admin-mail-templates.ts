// Mail templates (issue #15 part 4): in Dutch on a desktop the administrator rewords the "forgotten password" mail —
// inserts a field, previews it, saves — and a user who asks for a new password gets that mail; in German on a phone an
// unknown field is flagged and a test mail reaches the administrator. The text goes back to the default afterwards.
// axe-core checks the page, the preview and the dialog; with SHOTS_DIR they are photographed.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseUrl, expectAccessible, launch, startAs, users } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Back to the default texts the journey may have changed (the journeys share one server). */
async function restore() {
  const token = await apiToken(users.admin);
  for (const at of ['UserForgotPassword/nl-NL', 'UserInvitation/de-DE'])
    await fetch(`${baseUrl}/api/v2.0/MailTemplates/${at}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
}

describe('mail templates', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await restore();
    await browser?.close();
  });

  it('nl, desktop: rewords the forgotten-password mail, previews it, and the next such mail uses it', async () => {
    const { context, page, tag } = await startAs(browser, 'nl-NL', 1280, users.admin);
    try {
      await page.goto('/settings');
      await page.getByRole('link', { name: 'E-mailsjablonen' }).click();
      await page.waitForURL(/\/settings\/mail-templates$/);
      await page.getByTestId('mail-subject').waitFor();
      await expectAccessible(page, `E-mailsjablonen (${tag})`);
      await page.getByTestId('mail-type').click();
      await page.getByRole('option', { name: 'Wachtwoord vergeten' }).click();
      const subject = page.getByTestId('mail-subject');
      await subject.fill('Nieuw wachtwoord voor ');
      await subject.press('End');
      await page.getByRole('button', { name: /\{\{name\}\} invoegen/ }).click();
      assert.equal(await subject.inputValue(), 'Nieuw wachtwoord voor {{name}}');
      await page.getByTestId('mail-preview').click();
      await page
        .getByTestId('mail-preview-subject')
        .getByText('Onderwerp: Nieuw wachtwoord voor Jan de Vries')
        .waitFor();
      await page.getByTestId('mail-preview-body').locator('a').first().waitFor();
      await expectAccessible(page, `E-mailsjablonen, voorbeeld (${tag})`);
      await shot(page, `mail-templates-preview-${tag}`);
      await page.getByTestId('mail-save').click();
      await page
        .getByTestId('mail-state')
        .getByText(/Aangepast op/)
        .waitFor();
    } finally {
      await context.close();
    }
    // a user who forgot the password gets the reworded mail
    const res = await fetch(`${baseUrl}/api/v2.0/Auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'nl-NL' },
      body: JSON.stringify({ email: users.uitvoerder }),
    });
    assert.equal(res.status, 202);
    const mail = await waitForMail(users.uitvoerder, /Subject: Nieuw wachtwoord voor/);
    assert.match(mail, /wachtwoord-resetten\?token=/);
  });

  it('de, phone: an unknown field is flagged, a test mail reaches the administrator', async () => {
    const { context, page, tag } = await startAs(browser, 'de-DE', 390, users.admin);
    try {
      await page.goto('/settings/mail-templates');
      await page.getByTestId('mail-subject').waitFor();
      await page.getByTestId('mail-locale').getByText('DE').click();
      const html = page.getByTestId('mail-html');
      await html.fill('<p>Hallo {{name}}, {{vorname}}</p><p><a href="{{link}}">Los</a></p>');
      await page.getByText('Diese E-Mail kennt dieses Feld nicht: {{vorname}}.', { exact: false }).waitFor();
      assert.equal(await page.getByTestId('mail-save').isDisabled(), true);
      await expectAccessible(page, `E-Mail-Vorlagen, Fehler (${tag})`);
      await shot(page, `mail-templates-error-${tag}`);
      await page.getByTestId('mail-subject').fill('Einladung E2E-{{portal}}');
      await html.fill('<p>Hallo {{name}}, gültig {{hours}} Stunden.</p><p><a href="{{link}}">Los</a></p>');
      await page.getByTestId('mail-test').click();
      await page.getByTestId('snackbar').getByText(`Testmail an ${users.admin} gesendet.`).waitFor();
      const mail = await waitForMail(users.admin, /Subject: \[Test\] Einladung E2E-/);
      assert.match(mail, /gültig 72 Stunden/);
      // switching away asks first: the text is not saved
      await page.getByTestId('mail-locale').getByText('NL').click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, `E-Mail-Vorlagen, ungespeichert (${tag})`);
      await shot(page, `mail-templates-discard-${tag}`);
      await page.getByTestId('mail-discard').click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
