import {
  generatorRunViewSchema,
  mapEntrySchema,
  type GeneratorRunView,
  type MapEntry,
  type SaveGeneratedMapRequest,
  type StartGeneratorRunRequest,
} from '@globetrail/contracts';
import { apiGet, apiPost } from '../../../lib/api/api-client';

export const generatorRunQueryKey = (runId: string) => ['generator-run', runId] as const;

const runPath = (runId: string) => `/generator/runs/${encodeURIComponent(runId)}`;

export function startGeneratorRun(request: StartGeneratorRunRequest): Promise<GeneratorRunView> {
  return apiPost('/generator/runs', request, generatorRunViewSchema, { auth: true });
}

export function getGeneratorRun(runId: string, signal?: AbortSignal): Promise<GeneratorRunView> {
  return apiGet(runPath(runId), generatorRunViewSchema, { auth: true, ...(signal ? { signal } : {}) });
}

export function stopGeneratorRun(runId: string): Promise<GeneratorRunView> {
  return apiPost(`${runPath(runId)}/stop`, {}, generatorRunViewSchema, { auth: true });
}

export function saveGeneratedMap(runId: string, request: SaveGeneratedMapRequest): Promise<MapEntry> {
  return apiPost(`${runPath(runId)}/map`, request, mapEntrySchema, { auth: true });
}
