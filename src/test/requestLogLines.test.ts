import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REQUEST_LOG_FILE } from '../core/requestHistory';
import { createLinkAt, http, killLeftoverClis, startServe, type HttpResult } from './cliProcess';
import { makeTempDir, startTestSandbox } from './harness';

after(killLeftoverClis);

test('a JSON answer goes into requests.jsonl as it was sent, not escaped again; every line is on disk once `serve` exits on SIGTERM; each reads back as sent', async () => {
  const dir = await makeTempDir();
  try {
    const { cli, origin } = await startServe(dir);
    const answers: HttpResult[] = [];
    // Twelve pages of 25: the list's answer is the large one (issue 28). Titles beyond ASCII: the
    // answer is written as UTF-8 beside a line that is otherwise written byte for byte.
    for (let i = 0; i < 30; i++)
      await createLinkAt(origin, { amount: 1000 + i, title: i % 2 ? `Order ${i}` : `Größe ${i} — 🎉` });
    for (let page = 1; page <= 12; page++)
      answers.push(await http(origin, 'GET', `/payment-links?per_page=25&page=${page}`));
    answers.push(await http(origin, 'GET', '/payment-links/00000000-0000-4000-8000-000000000000'));
    answers.push(await http(origin, 'POST', '/payment-links', { body: { amount: 'lots' } }));
    // Right after the last answer: the lines still waiting for their write must reach the file.
    cli.child.kill('SIGTERM');
    const status = await cli.waitForExit(10_000);
    assert.equal(status.code, 0, `serve exits 0 on SIGTERM\n${cli.stderr}`);

    const lines = (await readFile(join(dir, REQUEST_LOG_FILE), 'utf8')).split('\n').filter(Boolean);
    assert.equal(lines.length, 30 + answers.length, 'one line per API request, none lost at exit');
    const seqs = lines.map((line) => (JSON.parse(line) as { seq: number }).seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      'in the order the requests ended',
    );
    for (const [i, answer] of answers.entries()) {
      const line = lines[30 + i] as string;
      const entry = JSON.parse(line) as Record<string, unknown>;
      assert.equal(entry.response_body, undefined, `line ${30 + i}: no escaped copy of the answer`);
      assert.deepEqual(entry.response_json, answer.body, `line ${30 + i}: the answer, as JSON`);
      assert.ok(line.includes(answer.text), `line ${30 + i}: the answer's text as sent, byte for byte`);
    }

    const again = await startTestSandbox({ dataDir: dir });
    try {
      const kept = (await again.consoleApi('GET', '/requests?per_page=100')).body.data as { seq: number }[];
      assert.equal(kept.length, lines.length);
      const newestFirst = [...answers].reverse();
      for (const [i, answer] of newestFirst.entries()) {
        const detail = (await again.consoleApi('GET', `/requests/${kept[i]?.seq}`)).body.data;
        assert.equal(
          detail.response_body,
          answer.text,
          `request ${kept[i]?.seq}: the answer read back as sent`,
        );
        assert.equal(detail.response_body_length, answer.text.length);
      }
    } finally {
      await again.stop({ keepDir: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
