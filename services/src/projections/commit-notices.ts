import type { NamedLogger as Logger } from '../platform/logging/logger.js';
import { z } from 'zod';
import { type MessageBus, topics } from '../platform/bus/message-bus.port.js';
import type { CommittedChange, ProjectionsPort } from './projections.js';

/**
 * A read model's commit as the projector role announces it on the bus (topic `read-model-commits`, keyed by
 * the read model's name), so the gateways of other processes push what changed (commit-feed in
 * read-store-projections.ts). Positions and revisions travel as decimal text: JSON has no 64-bit integers.
 */
export const commitNoticeSchema = z.object({
  projection: z.string().min(1),
  position: z.string().regex(/^\d+$/),
  changes: z.array(
    z.object({
      collection: z.string().min(1),
      id: z.string(),
      kind: z.enum(['upsert', 'delete', 'deletePrefix']),
      revision: z.string().regex(/^\d+$/).nullable(),
    }),
  ),
});
export type CommitNotice = z.infer<typeof commitNoticeSchema>;

export function toCommitNotice(projection: string, position: bigint, changes: readonly CommittedChange[]): CommitNotice {
  return {
    projection,
    position: position.toString(),
    changes: changes.map(({ collection, id, kind, revision }) => ({ collection, id, kind, revision: revision === null ? null : revision.toString() })),
  };
}

export function fromCommitNotice(value: unknown): { projection: string; position: bigint; changes: CommittedChange[] } {
  const notice = commitNoticeSchema.parse(value);
  return {
    projection: notice.projection,
    position: BigInt(notice.position),
    changes: notice.changes.map(({ collection, id, kind, revision }) => ({ collection, id, kind, revision: revision === null ? null : BigInt(revision) })),
  };
}

/**
 * The projector's side: announces each listed read model's commits on the bus, for the processes that do
 * not project (their gateways push what changed). Returns a function that stops announcing.
 */
export function announceCommits(projections: ProjectionsPort, names: readonly string[], bus: MessageBus, logger: Logger): () => void {
  const stops = names.map((name) =>
    projections.runner(name).onCommitted((changes) => {
      const position = projections.runner(name).position;
      if (position === null) return;
      bus.publish(topics.readModelCommits, [{ key: name, value: toCommitNotice(name, position, changes) }]).catch((error: Error) => logger.warn(`could not announce a commit of ${name}: ${error.message}`));
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
