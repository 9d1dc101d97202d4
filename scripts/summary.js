// The closing summary of `npm test` (scripts/test.sh):
//   - each phase's wall and CPU time, from the phases file test.sh writes (NAME<tab>wall s<tab>CPU s<tab>exit),
//   - the slowest test suites, so a slowdown is visible in every CI log,
//   - the tests that failed, each with the first lines of its failure (CI shows only the log's tail),
//   - one line per jest JSON result, and the one closing line CI reads: "tests: N passed, N failed[, N skipped]".
// Usage: node scripts/summary.js [phases.tsv] result.json...  (a missing result file counts as one failure)
const fs = require('fs');
const path = require('path');

const SLOWEST = 8;
const seconds = (value) => (value === '' || value === undefined ? '' : `${Number(value).toFixed(1)} s`);

/** The first lines of a failure message, on one line, without colours. */
const firstLines = (message) =>
  String(message || '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && l !== '● Test suite failed to run')
    .slice(0, 3)
    .join(' | ')
    .slice(0, 400);

function printPhases(file) {
  const rows = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  if (!rows.length) return;
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('phase durations (wall, CPU = user + sys of the phase and its children):');
  for (const [name, wall, cpu, exit] of rows) {
    const failed = exit !== undefined && exit !== '' && exit !== '0' ? `  FAILED (exit ${exit})` : '';
    console.log(`  ${name.padEnd(width)}  ${seconds(wall).padStart(9)}  ${cpu ? `CPU ${seconds(cpu)}` : ''}${failed}`);
  }
}

function main(args) {
  let passed = 0,
    failed = 0,
    skipped = 0;
  const suites = [];
  const lines = [];
  const retried = [];
  const failures = [];
  for (const file of args) {
    if (file.endsWith('.tsv')) {
      if (fs.existsSync(file)) printPhases(file);
      continue;
    }
    const name = path.basename(file);
    if (!fs.existsSync(file)) {
      lines.push(`${name}: missing results`);
      failed += 1;
      continue;
    }
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    const brokenSuites = r.numRuntimeErrorTestSuites || 0;
    passed += r.numPassedTests;
    failed += r.numFailedTests + brokenSuites;
    skipped += r.numPendingTests + (r.numTodoTests || 0);
    lines.push(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped, ${brokenSuites} suites failed to run`);
    for (const suite of r.testResults || []) {
      for (const test of suite.assertionResults || []) {
        const reasons = test.retryReasons || [];
        if (test.status === 'failed') failures.push(`  ${test.fullName} (${name}): ${firstLines(test.failureMessages?.[0])}`);
        if (test.status === 'passed' && (reasons.length || (test.invocations || 1) > 1)) {
          const why =
            String(reasons[0] || '')
              .split('\n')
              .find((l) => l.trim()) || '';
          retried.push(`  ${test.fullName} (${name}): ${why.trim().slice(0, 200)}`);
        }
      }
      // A suite that failed to run (or whose hooks failed) while all its tests passed: its own message says why.
      if (suite.status === 'failed' && !(suite.assertionResults || []).some((test) => test.status === 'failed'))
        failures.push(`  suite ${path.relative(process.cwd(), suite.name)} (${name}): ${firstLines(suite.message)}`);
      if (suite.startTime && suite.endTime)
        suites.push({ name: path.relative(process.cwd(), suite.name), seconds: (suite.endTime - suite.startTime) / 1000, file: name });
    }
  }
  if (suites.length) {
    console.log(`slowest suites (wall; ${suites.length} suites, ${suites.reduce((sum, s) => sum + s.seconds, 0).toFixed(0)} s in all):`);
    for (const s of suites.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
      console.log(`  ${seconds(s.seconds).padStart(8)}  ${s.name} (${s.file})`);
    }
  }
  if (retried.length) {
    console.log(`passed only on a retry (flaky: fix them; ${retried.length}):`);
    for (const line of retried) console.log(line);
  }
  if (failures.length) {
    console.log(`failed (${failures.length}):`);
    for (const line of failures) console.log(line);
  }
  for (const line of lines) console.log(line);
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
