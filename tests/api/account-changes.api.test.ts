import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthSession } from '@globetrail/contracts';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'correct horse';

/** The emails the embedded identity wrote to DATA_DIR/outbox (no SMTP_URL in tests). */
function outbox(t: TestApp): string[] {
  const dir = join(t.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(join(dir, file), 'utf8'));
}
const codeIn = (mail: string) => /\b(\d{8})\b/.exec(mail)?.[1] ?? null;

let accounts = 0;
async function account(t: TestApp, name = `Reset ${++accounts}`) {
  const email = `reset${accounts}-${Date.now()}@example.org`;
  const session = (await t.http.post('/auth/signup').send({ name, email, password: PASSWORD }).expect(201)).body as AuthSession;
  return { email, session };
}

/** Identity completeness (issue 18): reset by mailed code, change of password and name, the domain check. */
describe('account changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('mails an 8-digit code to an account’s email, answers the same for an unknown email, and mails at most once a minute', async () => {
    const { email } = await account(t);
    const before = outbox(t).length;
    expect((await t.http.post('/auth/password-reset').send({ email }).expect(202)).body).toEqual({ accepted: true });
    await t.http.post('/auth/password-reset').send({ email: 'nobody-here@example.org' }).expect(202);
    await t.http.post('/auth/password-reset').send({ email }).expect(202);
    const mails = outbox(t).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${email}`, 'm'));
    expect(mails[0]).toMatch(/^Subject: Your GlobeTrail password reset code/m);
    expect(codeIn(mails[0]!)).toMatch(/^\d{8}$/);
  });

  it('words the email in the player’s language', async () => {
    const { email } = await account(t);
    const before = outbox(t).length;
    await t.http.post('/auth/password-reset').send({ email, language: 'fr' }).expect(202);
    expect(outbox(t)[before]).toMatch(/Votre code pour choisir un nouveau mot de passe GlobeTrail est \d{8}/);
  });

  it('sets the new password with the code, ends the old sessions, and refuses the code a second time', async () => {
    const { email, session } = await account(t);
    const before = outbox(t).length;
    await t.http.post('/auth/password-reset').send({ email }).expect(202);
    const code = codeIn(outbox(t)[before]!)!;
    const renewed = (await t.http.post('/auth/password-reset/confirm').send({ email, code, password: 'a new secret' }).expect(200)).body as AuthSession;
    expect(renewed.user.email).toBe(email);
    await t.http.post('/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
    await t.http.post('/auth/signin').send({ email, password: PASSWORD }).expect(401);
    await t.http.post('/auth/signin').send({ email, password: 'a new secret' }).expect(200);
    const again = await t.http.post('/auth/password-reset/confirm').send({ email, code, password: 'another one' }).expect(400);
    expect(again.body).toMatchObject({ code: 'code_expired', field: 'code' });
  });

  it('refuses a wrong code naming the field, and ends the code after five wrong tries', async () => {
    const { email } = await account(t);
    const before = outbox(t).length;
    await t.http.post('/auth/password-reset').send({ email }).expect(202);
    const code = codeIn(outbox(t)[before]!)!;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const refused = await t.http.post('/auth/password-reset/confirm').send({ email, code: wrong, password: 'a new secret' }).expect(400);
      expect(refused.body).toMatchObject({ code: 'invalid_code', field: 'code' });
    }
    expect((await t.http.post('/auth/password-reset/confirm').send({ email, code: wrong, password: 'a new secret' }).expect(400)).body.code).toBe('code_expired');
    expect((await t.http.post('/auth/password-reset/confirm').send({ email, code, password: 'a new secret' }).expect(400)).body.code).toBe('code_expired');
    expect((await t.http.post('/auth/password-reset/confirm').send({ email, code: '12ab', password: 'a new secret' }).expect(400)).body.field).toBe('code');
  });

  it('lets the owner back in after a reset, even while the sign-in brake holds their email', async () => {
    const { email } = await account(t);
    for (let attempt = 0; attempt < 5; attempt += 1) await t.http.post('/auth/signin').send({ email, password: 'a guess' }).expect(401);
    await t.http.post('/auth/signin').send({ email, password: PASSWORD }).expect(429);
    const before = outbox(t).length;
    await t.http.post('/auth/password-reset').send({ email }).expect(202);
    await t.http.post('/auth/password-reset/confirm').send({ email, code: codeIn(outbox(t)[before]!), password: 'back in again' }).expect(200);
    await t.http.post('/auth/signin').send({ email, password: 'back in again' }).expect(200);
  });

  it('changes a signed-in player’s password after checking the current one, ending their other sessions', async () => {
    const { email, session } = await account(t);
    const other = (await t.http.post('/auth/signin').send({ email, password: PASSWORD }).expect(200)).body as AuthSession;
    const wrong = await t.http.post('/auth/password').set('Authorization', session.idToken).send({ currentPassword: 'not it', newPassword: 'changed secret' }).expect(400);
    expect(wrong.body).toMatchObject({ code: 'invalid_credentials', field: 'currentPassword' });
    const short = await t.http.post('/auth/password').set('Authorization', session.idToken).send({ currentPassword: PASSWORD, newPassword: 'abc' }).expect(400);
    expect(short.body.field).toBe('newPassword');
    const renewed = (await t.http.post('/auth/password').set('Authorization', session.idToken).send({ currentPassword: PASSWORD, newPassword: 'changed secret' }).expect(200)).body as AuthSession;
    expect(renewed.user.uid).toBe(session.user.uid);
    await t.http.post('/auth/refresh').send({ refreshToken: other.refreshToken }).expect(401);
    await t.http.post('/auth/refresh').send({ refreshToken: renewed.refreshToken }).expect(200);
    await t.http.post('/auth/signin').send({ email, password: 'changed secret' }).expect(200);
  });

  it('refuses a password change from a guest or without a token', async () => {
    const guest = (await t.http.post('/auth/anonymous').expect(201)).body as AuthSession;
    expect((await t.http.post('/auth/password').set('Authorization', guest.idToken).send({ currentPassword: 'x', newPassword: 'long enough' }).expect(403)).body.code).toBe('anonymous_not_allowed');
    await t.http.post('/auth/password').send({ currentPassword: 'x', newPassword: 'long enough' }).expect(401);
  });

  it('renames a signed-up player: the renewed token carries the name, and the game follows it on POST /user/create', async () => {
    const { session } = await account(t, 'Old Name');
    await t.http.post('/user/create').set('Authorization', session.idToken).expect(201);
    const renamed = (await t.http.post('/auth/profile').set('Authorization', session.idToken).send({ name: '  Ada Lovelace ' }).expect(200)).body as AuthSession;
    expect(renamed.user).toMatchObject({ uid: session.user.uid, name: 'Ada Lovelace' });
    const profile = (await t.http.post('/user/create').set('Authorization', renamed.idToken).expect(201)).body;
    expect(profile.name).toBe('Ada Lovelace');
    expect((await t.http.get(`/user/profile/public/${session.user.uid}`).expect(200)).body.name).toBe('Ada Lovelace');
    expect((await t.http.get(`/user/profile/NameAndImage/${session.user.uid}`).expect(200)).body.name).toBe('Ada Lovelace');
    const empty = await t.http.post('/auth/profile').set('Authorization', renamed.idToken).send({ name: '   ' }).expect(400);
    expect(empty.body.field).toBe('name');
    const guest = (await t.http.post('/auth/anonymous').expect(201)).body as AuthSession;
    await t.http.post('/auth/profile').set('Authorization', guest.idToken).send({ name: 'Sneaky' }).expect(403);
  });

  it('answers the identity domain check: any host by default, the configured ones otherwise', async () => {
    expect((await t.http.get('/v1/projects').expect(200)).body).toEqual({ projectId: 'globetrail-embedded', authorizedDomains: ['*'] });
    const strict = await startTestApp({ env: { AUTHORIZED_DOMAINS: 'play.example.org,localhost' } });
    try {
      expect((await strict.http.get('/v1/projects').expect(200)).body.authorizedDomains).toEqual(['play.example.org', 'localhost']);
    } finally {
      await strict.close();
    }
  });
});
