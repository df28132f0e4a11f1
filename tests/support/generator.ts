import type { GeneratorRunView, ImageryStatus, MapEntry, StartGeneratorRunRequest } from '@globetrail/contracts';
import type { Player, TestApp } from './test-app.js';

/** Waits until new rounds (and the generator) use the online provider: its first probe has answered. */
export async function servingOnline(t: TestApp, provider: 'panoramax' | 'mapillary'): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await t.http.get('/imagery/status').expect(200)).body as ImageryStatus;
    if (status.serving === provider) return;
    if (Date.now() > deadline) throw new Error(`the app never served ${provider}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startRun(t: TestApp, player: Player, request: StartGeneratorRunRequest): Promise<GeneratorRunView> {
  return (await t.http.post('/generator/runs').set('Authorization', player.token).send(request).expect(201)).body as GeneratorRunView;
}

export async function viewRun(t: TestApp, player: Player, runId: string): Promise<GeneratorRunView> {
  return (await t.http.get(`/generator/runs/${runId}`).set('Authorization', player.token).expect(200)).body as GeneratorRunView;
}

/** Polls the run until `done` says so (by default: until it is no longer running). */
export async function runUntil(t: TestApp, player: Player, runId: string, done = (run: GeneratorRunView) => run.status !== 'running'): Promise<GeneratorRunView> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const run = await viewRun(t, player, runId);
    if (done(run)) return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not get there: ${JSON.stringify({ ...run, points: run.points.length })}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A map saved from a finished run, with the run (whose points are the map's locations). */
export async function generatedMap(t: TestApp, player: Player, request: StartGeneratorRunRequest, name: string): Promise<{ run: GeneratorRunView; map: MapEntry }> {
  const started = await startRun(t, player, request);
  const run = await runUntil(t, player, started.runId);
  const map = (await t.http.post(`/generator/runs/${run.runId}/map`).set('Authorization', player.token).send({ name }).expect(201)).body as MapEntry;
  return { run, map };
}
