import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import type { PingPongWorkload, Scenario } from '../../core-wasm/js/scenarioTypes.ts';
import { readFileSync } from 'node:fs';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

test('the default scenario validates', () => {
  const result = validateScenario(defaultScenario);
  assert.equal(result.ok, true, result.ok ? '' : result.error);
});

test('an extra unknown field fails, naming it', () => {
  const bad = clone(defaultScenario) as unknown as Record<string, unknown>;
  (bad.cluster as Record<string, unknown>).colour = 'blue';
  const result = validateScenario(bad);
  assert.equal(result.ok, false);
  if (!result.ok) {
    assert.match(result.error, /^\/cluster: /);
    assert.match(result.error, /'colour'/);
  }
});

test('an unknown top-level field fails, naming it', () => {
  const bad = { ...clone(defaultScenario), extra: 1 };
  const result = validateScenario(bad);
  assert.equal(result.ok, false);
  if (!result.ok) assert.match(result.error, /'extra'/);
});

test('wrong type names the field path', () => {
  const bad = clone(defaultScenario) as unknown as { workload: { sizes_bytes: unknown[] } };
  bad.workload.sizes_bytes[2] = 'two';
  const result = validateScenario(bad);
  assert.equal(result.ok, false);
  if (!result.ok) assert.equal(result.error, '/workload/sizes_bytes/2: must be integer');
});

test('a missing required field is reported', () => {
  const bad = clone(defaultScenario) as unknown as Record<string, unknown>;
  delete bad.workload;
  const result = validateScenario(bad);
  assert.equal(result.ok, false);
  if (!result.ok) assert.match(result.error, /workload/);
});

test('non-objects are rejected', () => {
  for (const v of [null, 3, 'x', []]) assert.equal(validateScenario(v).ok, false);
});

test('node numbers reach the largest cluster: 4,095 on a 4,096-node QsNetII, never 4,096', () => {
  // cluster.nodes goes to 4,096 (QsNetII's largest fat tree); the node fields once stopped at 1,023, so a 4,096-node
  // ping-pong to node 3,000 was refused here though the core runs it (it checks each number against cluster.nodes).
  const big = JSON.parse(readFileSync(new URL('../../scenarios/ompi-elan4-progress.json', import.meta.url), 'utf8')) as Scenario;
  const pingpong = big.workload as PingPongWorkload;
  big.cluster.nodes = 4096;
  pingpong.initiator = 4095;
  pingpong.target = 3000;
  const ok = validateScenario(big);
  assert.equal(ok.ok, true, ok.ok ? '' : ok.error);
  big.cluster.groups = [{ nodes: [0, 4095], series: big.workload.series[0].id, pair: [4095, 3000] }];
  const grouped = validateScenario(big);
  assert.equal(grouped.ok, true, grouped.ok ? '' : grouped.error);
  const dynamic = { ...clone(big), workload: { kind: 'dynamic', processes: 4096, join_node: 4095, root: 4095, series: big.workload.series.slice(0, 1) } };
  const joined = validateScenario(dynamic);
  assert.equal(joined.ok, true, joined.ok ? '' : joined.error);
  pingpong.target = 4096;
  const over = validateScenario(big);
  assert.equal(over.ok, false);
  if (!over.ok) assert.equal(over.error, '/workload/target: must be <= 4095');
});
