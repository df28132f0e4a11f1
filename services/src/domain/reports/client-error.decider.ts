import type { ClientErrorReport } from '@globetrail/contracts';
import type { DomainEvent } from '@globetrail/contracts';
import { assertNever, type Decider } from '../decider.js';

type ClientErrorEvent = Extract<DomainEvent, { type: 'ClientErrorReported' }>;
export type ClientErrorState = { status: 'none' } | { status: 'reported' };
export type ClientErrorCommand = {
  type: 'ReportClientError';
  reportId: string;
  userId: string | null;
  report: ClientErrorReport;
  userAgent: string;
};

/** SPEC §8 error reporting: a report is recorded once, whatever the number of times a browser sends it. */
export const clientErrorDecider: Decider<ClientErrorState, ClientErrorCommand, ClientErrorEvent> = {
  initialState: { status: 'none' },
  decide(command, state, ctx) {
    if (state.status === 'reported') return [];
    const { report } = command;
    return [
      {
        type: 'ClientErrorReported',
        version: 1,
        data: {
          reportId: command.reportId,
          userId: command.userId,
          kind: report.kind,
          name: report.name,
          message: report.message,
          stack: report.stack,
          page: report.page,
          release: report.release,
          userAgent: command.userAgent.slice(0, 300),
          at: ctx.now.toISOString(),
        },
      },
    ];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'ClientErrorReported':
        return { status: 'reported' };
      default:
        return assertNever(event.type);
    }
  },
};
