// Adds up jest JSON results into the one closing line CI reads: "tests: N passed, N failed[, N skipped]".
const fs = require('fs');
let passed = 0, failed = 0, skipped = 0, suitesFailed = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) { console.log(`missing results: ${file}`); failed += 1; continue; }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
  suitesFailed += r.numRuntimeErrorTestSuites || 0;
  console.log(`${file.split('/').pop()}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped, ${r.numRuntimeErrorTestSuites || 0} suites failed to run`);
}
failed += suitesFailed;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
