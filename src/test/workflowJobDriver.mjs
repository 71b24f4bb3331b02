// Runs a GitHub Actions job's `run:` steps as the runner does, inside a network and PID namespace of
// its own (started by workflowJob.ts through `unshare`): the job's fixed ports (4545, 3000) are
// free there whatever else runs on the machine, and every process left when the steps end is one
// the job started. Input: a JSON plan on argv[2]; output: a JSON report on stdout.
import { spawnSync } from 'node:child_process';
import { openSync, readFileSync, readdirSync, closeSync } from 'node:fs';
import { join } from 'node:path';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const up = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
if (up.status !== 0) {
  process.stdout.write(JSON.stringify({ setupError: `ip link set lo up: ${up.stderr || up.error}` }));
  process.exit(0);
}

const steps = [];
let failed = false;
for (const [index, step] of plan.steps.entries()) {
  // As on GitHub: after a failed step only `if: always()` steps run.
  if (failed && !step.always) {
    steps.push({ index, skipped: true });
    continue;
  }
  const output = join(plan.outputDir, `step-${index}.log`);
  const fd = openSync(output, 'w');
  // Output goes to a file, not a pipe, so a process the step leaves in the background cannot hold
  // the step open: the step ends when its shell exits, as on GitHub.
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', step.script], {
    cwd: plan.workspace,
    env: step.env,
    stdio: ['ignore', fd, fd],
    timeout: plan.stepTimeoutMs,
  });
  closeSync(fd);
  const code = result.status ?? -1;
  steps.push({ index, code, signal: result.signal, output: readFileSync(output, 'utf8') });
  if (code !== 0) failed = true;
}

// PID 1 of the namespace is the bash that started this driver and reaps what the steps orphan (as
// init does on a runner, so a stopped process does not linger as a zombie): any other process is
// one the steps left running.
const leftovers = readdirSync('/proc')
  .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid && name !== '1')
  .map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      return '';
    }
  })
  .filter((cmdline) => cmdline !== '');
process.stdout.write(JSON.stringify({ steps, leftovers }));
