/** Share-link format 2 (scenario + view) and the migration ladder that keeps version-1 links loading. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeScenarioLink, encodeScenarioLink, MAX_LINK_CHARS } from '../src/share/linkCodec.ts';
import { DEFAULT_VIEW, restoreView, type LinkView } from '../src/share/viewState.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';

/** Made with the version-1 encoder (`s=1.` + lz-string of the scenario JSON) before format 2 existed. */
const STORED_V1_LINK =
  's=1.N4IgZg9gTgtghgFxALhACwA4GMC0BLAOwQFMosICDisEcBnLYguKPCEAGhADdS62CKAIxc8AExQ8hOADaEA1vTgwMM4pxAI8CNZICCAAm5CDcgvI1YZAVzokoKUGDgAjVlkkBHOlSRcCEGLEdCgALAC+XADu0PIyEHASyKDyhEkgGIQA5hgUWRqE2niI0CgADFwILFnESMgAzFz8AF7BAPouAJ4kIcgA2hVCZQBMoQC6ovaIAr0iIFEsMNYYbdqk0xS9FSB0pHjBKH2g4pK5UFUydDgY1n4gMq7EMpIACtAXdAYvAKoAKhoYKAQBAQcjPVBnD4aCAYdZaCinW4gcJjSIZFjKWp8RwZLB4AB0VlB8jaAFkABLNYT1erhcJAA';

test('a stored version-1 link still loads, with the default view', () => {
  const decoded = decodeScenarioLink('#' + STORED_V1_LINK);
  assert.equal(decoded.ok, true, decoded.ok ? '' : decoded.error);
  if (!decoded.ok) return;
  assert.equal(decoded.version, 1);
  assert.equal(decoded.scenario.id, 'v1-link-sample');
  assert.equal(decoded.scenario.cluster.nodes, 4);
  assert.deepEqual(decoded.scenario.parameters, { 'pci.clock_MHz': 133 });
  assert.deepEqual(decoded.view, DEFAULT_VIEW);
});

test('the current format (4) carries the view: node, time cursor, speed, open panels', () => {
  const view: LinkView = { node: 5, time_ps: 123_456_789, speed_us_per_s: 10, panels: ['editor', 'timeline'] };
  const hash = encodeScenarioLink(defaultScenario, view);
  assert.match(hash, /^s=4\.[0-9a-f]{8}\./);
  const decoded = decodeScenarioLink(hash);
  assert.equal(decoded.ok, true);
  if (!decoded.ok) return;
  assert.equal(decoded.version, 4);
  assert.deepEqual(decoded.scenario, defaultScenario);
  assert.deepEqual(decoded.view, view);
});

test('a damaged view falls back to defaults field by field; the scenario still loads', () => {
  assert.deepEqual(restoreView(null), DEFAULT_VIEW);
  assert.deepEqual(restoreView({ node: -1, time_ps: 'soon', speed_us_per_s: 0, panels: ['nope', 'export'] }), {
    node: null,
    time_ps: 0,
    speed_us_per_s: 1,
    panels: ['export'],
  });
  assert.equal(restoreView({ node: 2.5 }).node, null);
});

test('a version-2 link over the size limit is refused with a message', () => {
  const decoded = decodeScenarioLink('#s=2.' + 'A'.repeat(MAX_LINK_CHARS + 1));
  assert.equal(decoded.ok, false);
  if (!decoded.ok) assert.match(decoded.error, /too large.*64 KiB/);
});

test('a version-2 link with a bad scenario names the field', () => {
  const bad = JSON.parse(JSON.stringify(defaultScenario));
  bad.workload.iterations = 0;
  const decoded = decodeScenarioLink(encodeScenarioLink(bad));
  assert.equal(decoded.ok, false);
  if (!decoded.ok) assert.match(decoded.error, /\/workload\/iterations/);
});
