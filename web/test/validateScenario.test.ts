import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateScenario } from '../src/scenario/validateScenario.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';

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
