// The status rule `logs tail --filter-status` and the console's Requests filter share
// (src/shared/logFilter.ts): 200 is that status, 4XX its class; and how a path filter reads a path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesLogFilter, statusMatches } from '../shared/logFilter';
import { matchesQuery } from '../shared/requestQuery';
import type { ApiRequestLogEntry } from '../shared/sandboxLog';
import type { RequestLogSummary } from '../shared/types';

test('a status is matched exactly, a class by its first digit, in either letter case; no status matches nothing', () => {
  assert.deepEqual(
    [
      statusMatches(404, '4XX'),
      statusMatches(404, '4xx'),
      statusMatches(500, '4XX'),
      statusMatches(404, '404'),
    ],
    [true, true, false, true],
  );
  assert.deepEqual([statusMatches(200, '201'), statusMatches(null, '2XX')], [false, false]);
  // The console's Requests filter box reads a class the same way.
  const summary = {
    status: 503,
    path: '/payment-links',
    request_id: 'req_1',
    method: 'POST',
  } as RequestLogSummary;
  assert.deepEqual([matchesQuery(summary, '5xx'), matchesQuery(summary, '4XX')], [true, false]);
});

test('a path filter keeps that path and what is under it, its query aside, and not a path that merely starts alike', () => {
  const at = (path: string) =>
    matchesLogFilter({ type: 'api_request', method: 'GET', path, status: 200 } as ApiRequestLogEntry, {
      paths: ['/payment-links'],
    });
  assert.deepEqual(
    [
      '/payment-links',
      '/payment-links?status=paid',
      '/payment-links/abc/cancel',
      '/payment-links-old',
      '/sandbox/simulate',
    ].map(at),
    [true, true, true, false, false],
  );
});
