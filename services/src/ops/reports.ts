import type { OperatorReports } from '@globetrail/contracts';

/** `npm run ops -- reports`: Developer Tools reports per player, then the newest client failures. */
export function formatReports(reports: OperatorReports): string {
  const lines = [`Developer Tools reports (SPEC §8), most first: ${reports.cheating.length === 0 ? 'none' : ''}`];
  for (const row of reports.cheating) lines.push(`  ${row.userId}  ${row.count}×  last ${row.lastAt}`);
  lines.push('', `Client failures: ${reports.clientErrors.total.toLocaleString('en')} in all${reports.clientErrors.latest.length ? ', newest first:' : ''}`);
  for (const error of reports.clientErrors.latest) {
    lines.push(`  ${error.at}  ${error.kind}  ${error.name}: ${error.message}`, `    page ${error.page} · release ${error.release} · player ${error.userId ?? 'none'} · ${error.userAgent}`);
  }
  return lines.join('\n');
}
