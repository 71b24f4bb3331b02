import { writeFile } from 'node:fs/promises';
import { makeFolder } from '../core/makeFolder';
import { dirname } from 'node:path';
import { junitXml } from '../core/junitXml';
import { webhookSecretProblem, webhookUrlProblem } from '../shared/webhookInputs';
import type { EndpointCheck, EndpointCheckProbe } from '../shared/endpointCheck';
import { rootCause } from '../shared/endpointCheckReports';
import { runEndpointCheck } from './endpointCheckRun';
import { printLines } from './printLines';
import { CommandFailure, DEFAULT_API_KEY, parseCommand, runCommand, SandboxClient } from './sandboxClient';

export const CHECK_ENDPOINT_USAGE = `Usage: payment-links-sandbox check-endpoint URL --secret whsec_… [--junit OUT.xml] [--json]
       [--base-url URL [--link ID --state-url T --state-path P]]

Sends your webhook receiver at URL the deliveries that break receivers (a wrong, missing or stale
signature, a secret rotation, a duplicate, events out of order, an unknown type, a large Unicode
body, a redirect) and prints pass (✓), fail (✗) or warn (!) per probe, with the fix for each one
that failed; see docs/endpoint-check.md. Runs a sandbox of its own in this process (nothing is
stored) unless --base-url is given. Exits 0 when no probe failed (warnings allowed), 1 when one
did (or the sandbox at --base-url refused or could not be reached), 2 for bad usage.

Options:
  --secret S       the whsec_ secret your endpoint verifies with (required)
  --junit FILE     also write the result as JUnit XML, one test per probe (its folder is made)
  --json           print the report as JSON (GET /sandbox/endpoint-checks/{id}'s data) instead
  --base-url URL   run the check from the running sandbox at URL, through its keyed API (the URL
                   is then reached from that sandbox, e.g. inside its container)
  --api-key KEY    an sk_test_ key --base-url accepts (default: PLS_API_KEY, else ${DEFAULT_API_KEY})
  --link ID        effect checks: a pending link your app made in the sandbox at --base-url; the
                   check drives it to failed, then canceled (nothing else is touched)
  --state-url T    where your app shows that order, naming it with {reference_id} or {link_id},
                   e.g. http://localhost:3000/orders/{reference_id}
  --state-path P   the dotted path to the order's status in that answer, e.g. status
  --help           show this help`;

const MARK = { pass: '✓', fail: '✗', warn: '!' } as const;
const EFFECT_FLAGS = ['link', 'state-url', 'state-path'] as const;

type Finished = EndpointCheckProbe & { status: 'pass' | 'fail' | 'warn' };

const probeLine = (probe: Finished): string => `${MARK[probe.status]} ${probe.name} — ${probe.reason}`;

function summary(check: EndpointCheck): string[] {
  const { pass, fail, warn } = check.counts;
  const lines = [
    `${check.url}: ${check.result} (${pass} passed, ${fail} failed, ${warn} warned of ${check.probes.length} probes)`,
  ];
  const failed = check.probes.filter((probe) => probe.status === 'fail');
  if (failed.length > 0) lines.push('', 'To fix:');
  // A failed valid event comes first, and the fixes of the failures that follow from it are left
  // out: they would send the developer after signatures on an endpoint that answers 500 to all.
  const cause = rootCause(check);
  if (cause) lines.push(`  ${cause.headline} ${cause.detail}`);
  for (const probe of failed)
    if (!cause?.following.includes(probe.name)) lines.push(`  ${probe.name}: ${probe.fix}`);
  if (cause && cause.following.length > 0) lines.push(`  Following from it: ${cause.following.join(', ')}`);
  return lines;
}

/** The check as JUnit XML: one test per probe under its stable name, a failure's message its reason. */
const junitOf = (check: EndpointCheck): string =>
  junitXml(
    'check-endpoint',
    check.probes.map((probe) => ({
      name: probe.name,
      duration_ms: probe.exchanges.reduce((sum, exchange) => sum + exchange.duration_ms, 0),
      ...(probe.status === 'fail'
        ? { failure: { message: probe.reason ?? 'failed', details: `${probe.reason}\nFix: ${probe.fix}` } }
        : {}),
    })),
  );

/** `check-endpoint URL --secret whsec_…`: an endpoint check from the command line, for CI. */
export const checkEndpoint = (argv: string[]): Promise<number> =>
  runCommand(
    'check-endpoint',
    async () => {
      const { values, positionals } = parseCommand(
        argv,
        {
          secret: { type: 'string' },
          junit: { type: 'string' },
          json: { type: 'boolean' },
          link: { type: 'string' },
          'state-url': { type: 'string' },
          'state-path': { type: 'string' },
        },
        CHECK_ENDPOINT_USAGE,
      );
      if (values.help) {
        console.log(CHECK_ENDPOINT_USAGE);
        return 0;
      }
      const effect = EFFECT_FLAGS.filter((flag) => values[flag] !== undefined);
      if (effect.length > 0 && effect.length < EFFECT_FLAGS.length)
        throw new CommandFailure(
          `--link, --state-url and --state-path go together (the effect checks); got only ${effect.map((flag) => `--${flag}`).join(', ')}`,
          2,
        );
      if (effect.length > 0 && values['base-url'] === undefined)
        throw new CommandFailure(
          '--link names a link your app made in a running sandbox: give its --base-url (the sandbox of its own has no links)',
          2,
        );
      if (positionals.length !== 1)
        throw new CommandFailure(
          `give one URL, the endpoint to check: check-endpoint URL --secret whsec_…${positionals.length > 1 ? `; got "${positionals.join(' ')}"` : ''}`,
          2,
        );
      const url = positionals[0] as string;
      const urlProblem = webhookUrlProblem(url);
      if (urlProblem) throw new CommandFailure(urlProblem, 2);
      const secret = values.secret;
      if (secret === undefined)
        throw new CommandFailure('give --secret whsec_…: the signing secret your endpoint verifies with', 2);
      const secretProblem = webhookSecretProblem(secret, '--secret');
      if (secretProblem) throw new CommandFailure(secretProblem, 2);
      if (values['api-key'] !== undefined && values['base-url'] === undefined)
        throw new CommandFailure('--api-key goes with --base-url: the sandbox of its own needs no key', 2);
      const sandbox = values['base-url'] === undefined ? undefined : SandboxClient.from(values);
      // Before the probes, so a report that has nowhere to go is said at once, not after the check.
      if (values.junit) await junitFolder(values.junit);
      const effects =
        effect.length === 0
          ? {}
          : {
              link_id: values.link as string,
              state_url: values['state-url'] as string,
              state_path: values['state-path'] as string,
            };
      const check = await runEndpointCheck({ url, secret, ...effects }, sandbox, (probe) => {
        if (!values.json) process.stdout.write(`${probeLine(probe as Finished)}\n`);
      });
      await printLines(values.json ? [JSON.stringify(check, null, 2)] : summary(check));
      if (values.junit) {
        try {
          await writeFile(values.junit, junitOf(check));
        } catch (err) {
          throw new CommandFailure(
            `cannot write the JUnit report ${values.junit}: ${(err as Error).message}`,
            2,
            undefined,
            false,
          );
        }
      }
      return check.result === 'fail' ? 1 : 0;
    },
    CHECK_ENDPOINT_USAGE,
  );

async function junitFolder(file: string): Promise<void> {
  try {
    await makeFolder(dirname(file));
  } catch (err) {
    throw new CommandFailure(
      `cannot write the JUnit report ${file}: ${(err as Error).message}`,
      2,
      undefined,
      false,
    );
  }
}
