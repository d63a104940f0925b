// The counting behind `npm test`'s one summary line, kept pure so scripts/selfcheck.mjs can exercise it.

/** A line that looks like the summary; only the runner's own last line may look like this. */
export const SUMMARY_LIKE = /^\w*:?\s*\d+ passed, \d+ failed/;
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** Leaves a line alone unless it could be mistaken for the summary; then it is indented behind a bar. */
export function sanitizeLine(line) {
  return SUMMARY_LIKE.test(line.replace(ANSI, '').replace(/\r/g, '')) ? `| ${line}` : line;
}

/** Jest's --json output -> counts. A suite that could not run counts as one failure; so does a non-zero exit with none. */
export function countJest(json, exitCode) {
  if (!json || typeof json !== 'object') {
    return { passed: 0, failed: 1, note: `Jest wrote no results (exit ${exitCode})` };
  }
  const passed = Number(json.numPassedTests ?? 0);
  const failedTests = Number(json.numFailedTests ?? 0);
  const brokenSuites = Number(json.numRuntimeErrorTestSuites ?? 0);
  let failed = failedTests + brokenSuites;
  const notes = [];
  if (brokenSuites) notes.push(`${brokenSuites} test file(s) failed to run, counted as one failure each`);
  if (failed === 0 && (exitCode !== 0 || json.success === false)) {
    failed = 1;
    notes.push(`Jest exited with code ${exitCode} without a failed test (no tests found, a crash, or a failing hook), counted as one failure`);
  }
  return { passed, failed, note: notes.join('; ') };
}

/** Playwright's JSON reporter output -> counts: expected (+ flaky, which passed on retry) vs unexpected (+ global errors). */
export function countPlaywright(json, exitCode) {
  if (!json || typeof json !== 'object' || !json.stats) {
    return { passed: 0, failed: 1, note: `Playwright wrote no results (exit ${exitCode})` };
  }
  const s = json.stats;
  const passed = Number(s.expected ?? 0) + Number(s.flaky ?? 0);
  const globalErrors = Array.isArray(json.errors) ? json.errors.length : 0;
  let failed = Number(s.unexpected ?? 0) + globalErrors;
  const notes = [];
  if (globalErrors) notes.push(`${globalErrors} error(s) outside tests, counted as one failure each`);
  if (s.flaky) notes.push(`${s.flaky} flaky test(s) passed on retry`);
  if (failed === 0 && exitCode !== 0) {
    failed = 1;
    notes.push(`Playwright exited with code ${exitCode} without a failed test, counted as one failure`);
  }
  return { passed, failed, note: notes.join('; ') };
}

/** The one final line. */
export function summaryLine(results) {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  return { passed, failed, line: `${passed} passed, ${failed} failed` };
}
