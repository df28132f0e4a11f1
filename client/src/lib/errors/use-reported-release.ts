import { useEffect } from 'react';
import { useClientConfig } from '../api/client-config';
import { setReportedRelease } from './error-reporter';

/** Error reports carry the release the server names (SPEC §1's 1.0.626 by default). */
export function useReportedRelease(): void {
  const releaseId = useClientConfig().data?.releaseId;
  useEffect(() => {
    if (releaseId) setReportedRelease(releaseId);
  }, [releaseId]);
}
