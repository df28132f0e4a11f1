import { scoreSubmissionResponseSchema, type ScoreSubmissionInput, type ScoreSubmissionResponse } from '@globetrail/contracts';
import { apiPost } from '../../../lib/api/api-client';

export function submitScore(submission: ScoreSubmissionInput): Promise<ScoreSubmissionResponse> {
  return apiPost('/score/submit', submission, scoreSubmissionResponseSchema, { auth: true });
}
