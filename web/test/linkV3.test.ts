/** Share-link format 3: the comparison and the open walkthrough; stored v2 and v1 links keep loading. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeScenarioLink, encodeScenarioLink, walkthroughParameter } from '../src/share/linkCodec.ts';
import { restoreView, type LinkView } from '../src/share/viewState.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';

/** Made with the version-2 encoder (`s=2.` + lz-string of {scenario, view}) before format 3 existed. */
const STORED_V2_LINK =
  's=2.N4IgzgxgpgdghgJwJYHsQC5QDMUILZwAuGIAFgA4QC0SMhUCEKMMUEhVksiqIANCABuDMKhgYAjAKQATEoIBMVADa0A1pzh5yyqPxARlAVzD0EGbHABGyCCQCOYVsQEwUMqGAwAOAL4CAd1w1ZRQ4OUwQNVoIkHJaAHNyZgT9WiRCJCJcDAAGAUJEBKhidABWAVEAL08AfSsAT3ovdABtfIA2ABYAXUqGJE8MVtBZEkJkhEIwTlg5AWVrKGUSABVJ6f1yBBRCFCYV9BAJ3E2BFHIGIjESMDmQXx7-OMQtEpELOIgkADpDfbUtQAsgAJKoYADMEN8z0EgwCnzcHgwFWOSDwUFq5BaCjKuXx+MqlygMlqJixDFqLQk+RerGULVaaIxqlY+igAA8NiAnr4gA';

/** Made with the version-1 encoder (also checked in linkMigration.test.ts). */
const STORED_V1_LINK =
  's=1.N4IgZg9gTgtghgFxALhACwA4GMC0BLAOwQFMosICDisEcBnLYguKPCEAGhADdS62CKAIxc8AExQ8hOADaEA1vTgwMM4pxAI8CNZICCAAm5CDcgvI1YZAVzokoKUGDgAjVlkkBHOlSRcCEGLEdCgALAC+XADu0PIyEHASyKDyhEkgGIQA5hgUWRqE2niI0CgADFwILFnESMgAzFz8AF7BAPouAJ4kIcgA2hVCZQBMoQC6ovaIAr0iIFEsMNYYbdqk0xS9FSB0pHjBKH2g4pK5UFUydDgY1n4gMq7EMpIACtAXdAYvAKoAKhoYKAQBAQcjPVBnD4aCAYdZaCinW4gcJjSIZFjKWp8RwZLB4AB0VlB8jaAFkABLNYT1erhcJAA';

test('a stored version-2 link still loads: scenario and view, no comparison', () => {
  const decoded = decodeScenarioLink('#' + STORED_V2_LINK);
  assert.equal(decoded.ok, true, decoded.ok ? '' : decoded.error);
  if (!decoded.ok) return;
  assert.equal(decoded.version, 2);
  assert.equal(decoded.scenario.id, 'v2-link-sample');
  assert.deepEqual(decoded.scenario.parameters, { 'pci.clock_MHz': 33 });
  assert.deepEqual(decoded.view, { node: 5, time_ps: 2_500_000, speed_us_per_s: 10, panels: ['timeline', 'export'] });
  assert.equal(decoded.compare, null);
});

test('a stored version-1 link still loads through both migrations', () => {
  const decoded = decodeScenarioLink('#' + STORED_V1_LINK);
  assert.equal(decoded.ok, true);
  if (decoded.ok) {
    assert.equal(decoded.scenario.id, 'v1-link-sample');
    assert.equal(decoded.compare, null);
  }
});

test('version 4 (version 3 with an integrity check) round-trips a parameter comparison and the open walkthrough', () => {
  const view: LinkView = {
    node: 0, time_ps: 16_609_096, speed_us_per_s: 1, panels: ['compare'],
    walkthrough: { id: 'portals-short-put', step: 3 },
  };
  const hash = encodeScenarioLink(defaultScenario, view, { kind: 'parameter', name: 'pci.clock_MHz', value: 133 });
  assert.match(hash, /^s=4\.[0-9a-f]{8}\./);
  const decoded = decodeScenarioLink(hash);
  assert.equal(decoded.ok, true);
  if (!decoded.ok) return;
  assert.equal(decoded.version, 4);
  assert.deepEqual(decoded.view, view);
  assert.deepEqual(decoded.compare, { kind: 'parameter', name: 'pci.clock_MHz', value: 133 });
});

test('version 3 carries a series selection and a whole second scenario', () => {
  const series = decodeScenarioLink(encodeScenarioLink(defaultScenario, undefined, { kind: 'series', series: ['tports-send'] }));
  assert.ok(series.ok && series.compare?.kind === 'series');
  const other = structuredClone(defaultScenario);
  other.id = 'other';
  delete other.walkthroughs;
  const whole = decodeScenarioLink(encodeScenarioLink(defaultScenario, undefined, { kind: 'scenario', scenario: other }));
  assert.ok(whole.ok);
  if (whole.ok && whole.compare?.kind === 'scenario') assert.equal(whole.compare.scenario.id, 'other');
  else assert.fail('no scenario comparison');
});

test('a malformed comparison or walkthrough is dropped; the scenario still loads', () => {
  const bad = encodeScenarioLink(defaultScenario, undefined, { kind: 'parameter', name: 'no dots', value: 1 });
  const decoded = decodeScenarioLink(bad);
  assert.ok(decoded.ok);
  if (decoded.ok) assert.equal(decoded.compare, null);
  assert.equal(restoreView({ walkthrough: { id: 'Bad Id', step: 2 } }).walkthrough, undefined);
  assert.deepEqual(restoreView({ walkthrough: { id: 'tports-baseline', step: -1 } }).walkthrough, { id: 'tports-baseline', step: 0 });
});

test('w= and step= (1-based) open a walkthrough from the hash', () => {
  assert.deepEqual(walkthroughParameter('#s=3.abc&w=portals-long-put&step=4'), { id: 'portals-long-put', step: 3 });
  assert.deepEqual(walkthroughParameter('#w=tports-baseline'), { id: 'tports-baseline', step: 0 });
  assert.equal(walkthroughParameter('#s=3.abc'), null);
  assert.equal(walkthroughParameter('#w=BAD'), null);
});
