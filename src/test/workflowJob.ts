// A GitHub Actions job shown in the docs, run as written: its YAML is parsed from the Markdown, its
// `run:` steps execute with bash in a checkout-like folder (workflowJobDriver.mjs), and each `uses:`
// step is stood in for by what this machine has (the folder for actions/checkout, this Node for
// setup-node...). There is no Actions runner here; what is run is what a runner would run.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { REPO_ROOT } from './cliProcess';
import { makeTempDir } from './harness';

const run = promisify(execFile);
const DRIVER = join(REPO_ROOT, 'src/test/workflowJobDriver.mjs');

export interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string | number | boolean>;
  'working-directory'?: string;
  with?: Record<string, unknown>;
}

export interface WorkflowJob {
  'runs-on': string;
  env?: Record<string, string | number | boolean>;
  services?: Record<
    string,
    { image: string; ports?: string[]; env?: Record<string, string>; options?: string }
  >;
  steps: WorkflowStep[];
}

export interface Workflow {
  /** The path its first comment line names, e.g. `.github/workflows/payments.yml`. */
  file: string;
  env?: Record<string, string | number | boolean>;
  jobs: Record<string, WorkflowJob>;
}

/** Every ```yaml block of a Markdown file that is a workflow (has `jobs:`), parsed. */
export async function workflowsIn(markdownPath: string): Promise<Workflow[]> {
  const markdown = await readFile(join(REPO_ROOT, markdownPath), 'utf8');
  const workflows: Workflow[] = [];
  for (const [, source] of markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```$/gm)) {
    const parsed = parse(source!) as Partial<Workflow> | null;
    if (!parsed || typeof parsed !== 'object' || !parsed.jobs) continue;
    const file = /^# (\S+\.ya?ml)/.exec(source!)?.[1];
    if (!file) throw new Error(`${markdownPath}: a workflow block does not start with "# <its path>.yml"`);
    workflows.push({ ...parsed, file } as Workflow);
  }
  return workflows;
}

/** The job `name` of the workflow saved as `file`, from a Markdown file. */
export async function jobIn(markdownPath: string, file: string, name: string): Promise<WorkflowJob> {
  const workflow = (await workflowsIn(markdownPath)).find((w) => w.file === file);
  const job = workflow?.jobs[name];
  if (!job) throw new Error(`${markdownPath} shows no job "${name}" in ${file}`);
  return job;
}

/** What stands in for each action a documented job uses, and the command it must provide. */
const STAND_INS: Record<string, { provides: string; command: string }> = {
  'actions/checkout': { provides: 'the checkout folder the test prepared', command: 'true' },
  'actions/setup-node': { provides: "this test's Node", command: 'node' },
  'actions/setup-python': { provides: "this machine's python3", command: 'python3' },
  'actions/setup-go': { provides: "this machine's go", command: 'go' },
  'shivammathur/setup-php': { provides: "this machine's php", command: 'php' },
};

/** Why the job cannot run here (a runtime it sets up is missing), or undefined when it can. */
export async function missingRuntime(job: WorkflowJob): Promise<string | undefined> {
  for (const step of job.steps) {
    if (!step.uses) continue;
    const standIn = STAND_INS[step.uses.replace(/@.*$/, '')];
    if (!standIn) throw new Error(`no stand-in for the action ${step.uses}: add one to STAND_INS`);
    const found = await run('sh', ['-c', `command -v ${standIn.command}`]).then(
      () => true,
      () => false,
    );
    if (!found)
      return `${step.uses} needs ${standIn.provides}, and "${standIn.command}" is not on this machine's PATH`;
  }
  const isolated = await run('unshare', ['--net', '--pid', '--fork', '--mount-proc', 'true']).then(
    () => undefined,
    (err: Error) => err.message,
  );
  if (isolated)
    return `the job's fixed ports need a network namespace of their own, and unshare failed: ${isolated}`;
  return undefined;
}

export interface StepResult {
  index: number;
  label: string;
  skipped?: boolean;
  code?: number;
  output?: string;
}

export interface JobResult {
  steps: StepResult[];
  /** Command lines of the processes still running when the last step ended. */
  leftovers: string[];
  /** Every step's label, exit code and output, for a failure message. */
  transcript: string;
}

/**
 * A folder standing in for the user's repository: `files` (path → content) plus a package.json
 * whose devDependency on payment-links-sandbox resolves to this clone (a `file:` package whose
 * bin runs src/cli/bin.mjs), with its package-lock, so the job's `npm ci` installs it offline.
 */
export async function makeCheckout(files: Record<string, string>, scripts: Record<string, string> = {}) {
  const root = await makeTempDir('pls-ci-job-');
  const registry = join(root, 'registry/payment-links-sandbox');
  await mkdir(registry, { recursive: true });
  await writeFile(
    join(registry, 'package.json'),
    JSON.stringify({
      name: 'payment-links-sandbox',
      version: '0.1.0',
      bin: { 'payment-links-sandbox': 'cli.mjs' },
    }),
  );
  const bin = pathToFileURL(join(REPO_ROOT, 'src/cli/bin.mjs')).href;
  await writeFile(join(registry, 'cli.mjs'), `#!/usr/bin/env node\nawait import(${JSON.stringify(bin)});\n`);
  await chmod(join(registry, 'cli.mjs'), 0o755);

  const workspace = join(root, 'repo');
  await mkdir(workspace);
  await writeFile(
    join(workspace, 'package.json'),
    JSON.stringify(
      {
        name: 'your-app',
        private: true,
        scripts,
        devDependencies: { 'payment-links-sandbox': 'file:../registry/payment-links-sandbox' },
      },
      null,
      2,
    ),
  );
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(workspace, path)), { recursive: true });
    await writeFile(join(workspace, path), content);
  }
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', '--loglevel=error'], {
    cwd: workspace,
  });
  await rm(join(workspace, 'node_modules'), { recursive: true });
  return { root, workspace, remove: () => rm(root, { recursive: true, force: true }) };
}

type Env = Record<string, string | number | boolean> | undefined;

function envOf(...layers: Env[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // Nothing of the test's own environment may answer for what the job is meant to set, nor make
    // the job's tools behave as this test run's children (node --test under NODE_TEST_CONTEXT
    // runs no files, and passes).
    if (
      !/^(PORT|PLS_.*|PAYMENTS_.*|WEBHOOK_.*|NODE_TEST_CONTEXT|NODE_OPTIONS|NODE_CHANNEL_.*|npm_.*)$/i.test(
        name,
      )
    )
      env[name] = value;
  }
  Object.assign(env, {
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    PYTHONDONTWRITEBYTECODE: '1',
    // No network in the job's namespace: npm must not try the registry for audit, funding or updates.
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_offline: 'true',
  });
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer ?? {})) {
      if (String(value).includes('${{'))
        throw new Error(`${name}: expressions (\${{ }}) have no stand-in here; write the value`);
      env[name] = String(value);
    }
  }
  return env;
}

/** Runs every step of `job` in `workspace` as a runner would; see workflowJobDriver.mjs. */
export async function runJob(
  job: WorkflowJob,
  workspace: string,
  workflowEnv: Env = undefined,
): Promise<JobResult> {
  const outputDir = await makeTempDir('pls-ci-steps-');
  try {
    const labels: string[] = [];
    const steps = [];
    for (const [index, step] of job.steps.entries()) {
      labels.push(step.name ?? step.run?.split('\n')[0] ?? step.uses ?? `step ${index}`);
      if (step.if !== undefined && step.if !== 'always()')
        throw new Error(`step ${index}: "if: ${step.if}" has no stand-in here`);
      const script = join(outputDir, `step-${index}.sh`);
      const cd = step['working-directory'] ? `cd ${JSON.stringify(step['working-directory'])}\n` : '';
      // A `uses:` step has been stood in for by the checkout and the PATH (see missingRuntime).
      await writeFile(script, step.run !== undefined ? cd + step.run : 'true\n');
      steps.push({ script, always: step.if === 'always()', env: envOf(workflowEnv, job.env, step.env) });
    }
    const plan = join(outputDir, 'plan.json');
    await writeFile(plan, JSON.stringify({ workspace, outputDir, stepTimeoutMs: 120_000, steps }));
    const { stdout } = await run(
      'unshare',
      [
        ...['--net', '--pid', '--fork', '--mount-proc', '--kill-child'],
        ...['bash', '-c', '"$0" "$1" "$2" & wait $!', process.execPath, DRIVER, plan],
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: 600_000 },
    );
    const report = JSON.parse(stdout) as {
      setupError?: string;
      steps: { index: number; skipped?: boolean; code?: number; output?: string }[];
      leftovers: string[];
    };
    if (report.setupError) throw new Error(report.setupError);
    const results = report.steps.map((s) => ({ ...s, label: labels[s.index]! }));
    const transcript = results
      .map((s) =>
        s.skipped ? `--- ${s.label}: skipped` : `--- ${s.label}: exit ${s.code}\n${s.output?.slice(-3000)}`,
      )
      .join('\n');
    return { steps: results, leftovers: report.leftovers, transcript };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
