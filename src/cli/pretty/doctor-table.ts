/** `doctor --format pretty`: the report as a table people can scan, then what to do next. */
import type { DoctorReport } from '../../actuator/doctor/report.js';

export function doctorTable(report: DoctorReport): string {
  const rows: [string, string, string][] = [
    ...report.checks.map((c): [string, string, string] => [
      c.status,
      c.id,
      `${c.summary}${c.code && c.status !== 'pass' ? ` [${c.code}]` : ''}`,
    ]),
    ...report.skippedChecks.map((s): [string, string, string] => [
      'skip',
      s.id,
      s.blockedBy.length > 0 ? `not run: blocked by ${s.blockedBy.join(', ')}` : s.reason,
    ]),
  ];
  const statusWidth = Math.max(6, ...rows.map(([status]) => status.length));
  const idWidth = Math.max(5, ...rows.map(([, id]) => id.length));
  const line = (status: string, id: string, text: string) =>
    `  ${status.padEnd(statusWidth)}  ${id.padEnd(idWidth)}  ${text}`;
  const target = [
    report.deviceId ? `device ${report.deviceId}` : 'no device resolved',
    report.operatorPackage ? `Operator ${report.operatorPackage}` : undefined,
    `capability ${report.capability}`,
  ].filter(Boolean);
  const details = report.checks
    .filter((c) => c.status !== 'pass' && c.detail)
    .map((c) => `  ${c.id}: ${c.detail}`);
  return [
    `droidproof doctor: ${report.criticalOk ? 'READY' : 'NOT READY'} (${target.join(', ')})`,
    '',
    line('STATUS', 'CHECK', 'RESULT'),
    ...rows.map(([status, id, text]) => line(status, id, text)),
    ...(details.length > 0 ? ['', 'details:', ...details] : []),
    ...(report.nextActions.length > 0 ? ['', 'next:', ...report.nextActions.map((a) => `  - ${a}`)] : []),
    '',
  ].join('\n');
}
