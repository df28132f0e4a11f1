import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type E2E, openPage, openSignedIn, startE2E } from '../support/e2e.js';
import { signedUpPlayer } from '../support/test-app.js';

/** The newest code the embedded identity mailed to `email` (DATA_DIR/outbox in development). */
function mailedCode(e2e: E2E, email: string): string | null {
  const dir = join(e2e.t.dataDir, 'outbox');
  const mails = readdirSync(dir).sort().map((file) => readFileSync(join(dir, file), 'utf8')).filter((mail) => mail.includes(`To: ${email}`));
  return /\b(\d{8})\b/.exec(mails.at(-1) ?? '')?.[1] ?? null;
}

describe('account changes in Chromium', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e.close());

  it('resets a forgotten password with the mailed code and signs the player in', async () => {
    const email = `forgetful-${Date.now()}@example.org`;
    await e2e.t.http.post('/auth/signup').send({ name: 'Forgetful', email, password: 'old secret' }).expect(201);
    const { page, context, errors } = await openPage(e2e);
    await page.getByRole('dialog', { name: 'GlobeTrail' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const reset = page.getByRole('dialog', { name: 'Choose a new password' });
    await reset.getByRole('button', { name: 'Send the code' }).click();
    await reset.getByText(`If ${email} has an account, a code is on its way.`, { exact: false }).waitFor();
    // A wrong code is named on its field.
    await reset.getByLabel('Code from the email').fill('00000000' === mailedCode(e2e, email) ? '11111111' : '00000000');
    await reset.getByLabel('New password').fill('new secret');
    await reset.getByRole('button', { name: 'Save and sign in' }).click();
    await reset.getByText('This code is not the one we sent.', { exact: false }).waitFor();
    await reset.getByLabel('Code from the email').fill(mailedCode(e2e, email)!);
    await reset.getByRole('button', { name: 'Save and sign in' }).click();
    await reset.waitFor({ state: 'hidden' });
    await page.getByText('Welcome, Forgetful!').waitFor();
    await e2e.t.http.post('/auth/signin').send({ email, password: 'new secret' }).expect(200);
    expect(errors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);
    await context.close();
  });

  it('changes the name shown in the menu and to other players, and the password', async () => {
    const player = await signedUpPlayer(e2e.t, 'Before');
    const { page, context, errors } = await openSignedIn(e2e, player);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Account' }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await account.getByRole('button', { name: 'Change name' }).click();
    await account.getByRole('textbox', { name: 'Name' }).fill('After');
    await account.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('You are now After.').waitFor();
    await page.waitForFunction(async (uid) => (await (await fetch(`/user/profile/NameAndImage/${uid}`)).json()).name === 'After', player.profile.uid);

    await account.getByTestId('change-password').click();
    await account.getByLabel('Current password').fill('not my password');
    await account.getByLabel('New password').fill('brand new secret');
    await account.getByRole('button', { name: 'Change password' }).click();
    await account.getByText('This is not your current password.').waitFor();
    await account.getByLabel('Current password').fill('correct horse');
    await account.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.', { exact: false }).waitFor();
    await e2e.t.http.post('/auth/signin').send({ email: player.session.user.email, password: 'brand new secret' }).expect(200);
    // The one refused request is the wrong current password's (the browser logs every 4xx).
    expect(errors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);
    await context.close();
  });
});
