import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The functions that took the gateway's CPU in a .cpuprofile: self time (where the CPU was) and total
 * time (what was on the stack), as shares of the non-idle samples.
 */
export function summariseProfile(file: string, root: string, top = 25): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? relative(root, url.replace(/^file:\/\//, '')) : '';
    return `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const leaf = byId.get(id)!;
    if (['(idle)', '(program)'].includes(leaf.callFrame.functionName)) return;
    busy += delta;
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + delta);
    }
  });
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, time]) => `    ${((100 * time) / busy).toFixed(1).padStart(5)}%  ${key}`);
  return [`  busy CPU in the profile: ${(busy / 1e6).toFixed(1)} s`, '  self time:', ...rows(self), '  total time:', ...rows(total)];
}
