// Complaints (issue #13 part 5) through three browsers: the site manager (Dutch, desktop) submits a complaint with a
// photo on a location and finds it in /klachten and /klachten-overzicht; the equipment department (English) answers
// it and marks it resolved; the site manager reads the answer; the board (directie) sees it in its overview; the
// complaint and the list on a phone. axe-core checks every page; SHOTS_DIR photographs them.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launch, newPage, noSideways, signIn, startOnSite } from '../support/browser.ts';

const shots = process.env.SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const DIRECTIE = 'directie@vandijk.nl';
// a 64×48 red PNG
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfElEQVRoge2SAQkAQBCDlsf+JWz1McbxAwPoWITTpG7gAqiv6C7EXVI3cAHUV3QX4i6pG7gA6iu6C3GX1A1cAPUV3YW4S+oGLoD6iu5C3CV1AxdAfUV3Ie6SuoELoL6iuxB3Sd3ABVBf0V2Iu6Ru4AKor+guxF1SN/DzgAdjQlzE4MG8qQAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Nothing wider than the screen (a phone must never scroll sideways). */
describe('complaints: submit, answer, read, oversee', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  let complaintId = '';
  let complaintNo = '';
  const subject = `Trilplaat start niet (${Date.now().toString(36)})`;
  const answer = 'We brengen morgen een vervangende trilplaat.';

  it('the site manager submits a complaint with a photo and finds it in both lists (nl, 1280)', async () => {
    const { context, page, tag } = await startOnSite(browser, 'nl-NL', 1280, 0);
    try {
      await page.goto('/klachten');
      await page.getByTestId('new-complaint').waitFor();
      await expectAccessible(page, `Klachten (${tag})`);
      await page.getByTestId('new-complaint').click();
      await page.waitForURL(/\/klachten-aanmaken$/);
      await page.getByTestId('complaint-type').click();
      await page.getByRole('option', { name: 'Storing' }).click();
      await page.getByTestId('complaint-subject').fill(subject);
      await page
        .getByTestId('complaint-description')
        .fill('De trilplaat slaat niet aan, ook niet na het tanken.');
      const plant = page.getByTestId('complaint-plantNo');
      if (await plant.count()) {
        await plant.click();
        await page.getByRole('option').first().click();
      }
      await page.locator('input[type="file"]').setInputFiles({
        name: 'foto-trilplaat.png',
        mimeType: 'image/png',
        buffer: PHOTO,
      });
      await expectAccessible(page, `Klacht indienen (${tag})`);
      await shot(page, `complaints-form-${tag}`);
      await page.getByTestId('complaint-submit').click();
      await page.waitForURL(/\/klacht-details\/[0-9a-f-]{36}$/);
      complaintId = page.url().split('/').pop() as string;
      await page.getByTestId('complaint-document').first().waitFor();
      const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      complaintNo = heading.match(/K-\d{4}-\d{6}/)?.[0] ?? '';
      assert.ok(complaintNo, heading);
      assert.match((await page.getByTestId('complaint-expected').textContent()) ?? '', /\d{4}/);
      await page.getByRole('img', { name: 'foto-trilplaat.png' }).waitFor();
      await expectAccessible(page, `Klachtdetails (${tag})`);
      await shot(page, `complaints-detail-${tag}`);

      await page.goto('/klachten');
      await page.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`).waitFor();
      await shot(page, `complaints-location-${tag}`);
      await page.goto('/klachten-overzicht');
      await page.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`).waitFor();
      await expectAccessible(page, `Klachtenoverzicht (${tag})`);
      await shot(page, `complaints-overview-${tag}`);
    } catch (e) {
      await page
        .screenshot({ path: '/tmp/complaints-failure-user.png', fullPage: true })
        .catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });

  it('the department answers and marks it resolved (en, 1280)', async () => {
    assert.ok(complaintId);
    const { context, page } = await newPage(browser, { locale: 'en-US', width: 1280 });
    await context.addInitScript(() =>
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'en-US' })),
    );
    try {
      await signIn(page, DEPARTMENT);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-department').click();
      await page.waitForURL(/\/materieeldienst$/);
      await page.getByTestId('link-complaints').click();
      await page.waitForURL(/\/materieeldienst\/klachten$/);
      await page.getByTestId('complaint-queue-tabs').waitFor();
      await page.getByTestId('complaint-search').fill(complaintNo);
      await page.getByTestId('complaint-search').press('Enter');
      const row = page.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`);
      await row.waitFor();
      await expectAccessible(page, 'Department complaints (en-1280)');
      await shot(page, 'complaints-department-queue-en-1280');
      await row.getByRole('link', { name: complaintNo }).click();
      await page.waitForURL(new RegExp(`/materieeldienst/klachten/${complaintId}$`));
      await page.getByTestId('answer-message').fill(answer);
      await page.getByTestId('answer-status').click();
      await page.getByRole('option', { name: 'Resolved' }).click();
      await expectAccessible(page, 'Department complaint (en-1280)');
      await page.getByTestId('answer-send').click();
      await page.getByText('The answer has been saved; the user receives an e-mail.').first().waitFor();
      await page.getByTestId('complaint-line').filter({ hasText: answer }).waitFor();
      await shot(page, 'complaints-department-answer-en-1280');
    } catch (e) {
      await page
        .screenshot({ path: '/tmp/complaints-failure-dept.png', fullPage: true })
        .catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });

  it('the site manager reads the answer; the board sees the complaint in its overview', async () => {
    const { context, page, tag } = await startOnSite(browser, 'nl-NL', 1280, 0);
    try {
      await page.goto(`/klacht-details/${complaintId}`);
      await page.getByTestId('complaint-line').filter({ hasText: answer }).waitFor();
      assert.equal(
        await page.getByTestId('complaint-line').filter({ hasText: answer }).getAttribute('data-author'),
        'department',
      );
      await page.getByTestId('complaint-status').filter({ hasText: 'Opgelost' }).first().waitFor();
      await expectAccessible(page, `Klachtdetails beantwoord (${tag})`);
      await shot(page, `complaints-answered-${tag}`);
    } finally {
      await context.close();
    }

    const board = await newPage(browser, { locale: 'nl-NL', width: 1280 });
    await board.context.addInitScript(() =>
      localStorage.setItem('mp.preferences', JSON.stringify({ locale: 'nl-NL' })),
    );
    try {
      await signIn(board.page, DIRECTIE);
      await board.page.goto('/klachten-overzicht');
      await board.page.getByTestId('link-directie').click();
      await board.page.waitForURL(/\/klachten-overzicht-directie$/);
      await board.page.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`).waitFor();
      await expectAccessible(board.page, 'Klachtenoverzicht directie (nl-1280)');
      await shot(board.page, 'complaints-directie-nl-1280');
    } finally {
      await board.context.close();
    }
  });

  it('on a phone (nl, 390)', async () => {
    const { context, page, tag } = await startOnSite(browser, 'nl-NL', 390, 0);
    try {
      await page.goto('/klachten');
      await page.locator(`[data-testid="complaint-row"][data-complaint-no="${complaintNo}"]`).waitFor();
      await noSideways(page, 'Klachten');
      await expectAccessible(page, `Klachten (${tag})`);
      await shot(page, `complaints-location-${tag}`);
      await page.goto(`/klacht-details/${complaintId}`);
      await page.getByTestId('complaint-line').filter({ hasText: answer }).waitFor();
      await page.getByTestId('complaint-reply').fill('Dank, tot morgen.');
      await page.getByTestId('complaint-reply-send').click();
      await page.getByTestId('complaint-line').filter({ hasText: 'Dank, tot morgen.' }).waitFor();
      // a reply takes a resolved complaint up again
      await page.getByTestId('complaint-status').filter({ hasText: 'In behandeling' }).first().waitFor();
      await noSideways(page, 'Klachtdetails');
      await expectAccessible(page, `Klachtdetails (${tag})`);
      await shot(page, `complaints-detail-${tag}`);
    } catch (e) {
      await page
        .screenshot({ path: '/tmp/complaints-failure-phone.png', fullPage: true })
        .catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });
});
