import { signedUpPlayer, startTestApp } from '../support/test-app.js';
it('times', async () => {
  const first = await startTestApp();
  const operator = await signedUpPlayer(first, 'Olga');
  await first.stop();
  const t = await startTestApp({ dataDir: first.dataDir, env: { OPERATORS: operator.profile.uid } });
  let t0 = performance.now();
  const lap = (what: string) => { const n = performance.now(); console.log(what, (n - t0).toFixed(0)); t0 = n; };
  await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'all' }).expect(202); lap('start all');
  await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'maps' }).expect(409); lap('409');
  for (;;) { const job = (await t.http.get('/ops/rebuild').set('Authorization', operator.token).expect(200)).body.rebuild; if (job.state !== 'running') break; await new Promise((r) => setTimeout(r, 100)); }
  lap('done');
  await t.close(); lap('close');
}, 120000);
