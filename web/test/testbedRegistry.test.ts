/**
 * The editor's defaults follow the cluster's testbed (hs_parameters_json `testbeds`), as the core applies them: on
 * the SCI and Fast Ethernet clusters the seed-003 machine's 33 MHz PCI, on QsNetII the seed-001 PCI-X; an edit
 * back to the registry's own default on such a cluster is a change and is written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registryFor } from '../src/scenario/testbedRegistry.ts';
import { testbedOf } from '../src/scenario/fabrics.ts';
import { changedParameters, parameterFieldTexts } from '../src/scenario/parameterGroups.ts';
import { parameterValue } from '../src/sim/registryLookup.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';
import type { ParameterInfo } from '../../core-wasm/js/bridgeTypes.ts';
import { loadWasm } from '../../core-wasm/cli/engines.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const scenario = (id: string) => JSON.parse(readFileSync(join(ROOT, `scenarios/${id}.json`), 'utf8')) as Scenario;

/** The core's own registry, from the Node build of the wasm module. */
async function coreRegistry(): Promise<ParameterInfo[]> {
  return (await loadWasm()).parameters() as ParameterInfo[];
}

test('each fabric maps to the testbed the core parser defaults to', () => {
  assert.equal(testbedOf(defaultScenario.cluster), 'sandia-elan3-2004');
  assert.equal(testbedOf(scenario('ompi-elan4-progress').cluster), 'osu-elan4-2005');
  assert.equal(testbedOf(scenario('via-sci-pingpong').cluster), 'usc-sci-p2-350');
  assert.equal(testbedOf(scenario('fast-ethernet-16-half-shift').cluster), 'usc-sci-p2-350');
  assert.equal(testbedOf({ fabric: 'qsnet', nodes: 2, testbed: 'osu-elan4-2005' }), 'osu-elan4-2005');
});

test('defaults are the testbed machine\'s; the registry\'s own default is then a change', async () => {
  const registry = await coreRegistry();
  const pci = (r: ParameterInfo[]) => r.find((p) => p.name === 'pci.clock_MHz')!.default;
  assert.equal(pci(registryFor(registry, defaultScenario)), 66);
  assert.equal(pci(registryFor(registry, scenario('ompi-elan4-progress'))), 133);
  const sci = registryFor(registry, scenario('via-sci-pingpong'));
  assert.equal(pci(sci), 33);
  assert.equal(sci.find((p) => p.name === 'host.clock_MHz')!.default, 350);
  const texts = parameterFieldTexts(sci, undefined);
  assert.equal(changedParameters(sci, texts), undefined);
  assert.deepEqual(changedParameters(sci, { ...texts, 'pci.clock_MHz': '66' }), { 'pci.clock_MHz': 66 });
  assert.equal(parameterValue(registry, scenario('fast-ethernet-16-half-shift'), /^pci\.clock_MHz$/), 33);
  for (const p of registry)
    for (const [tb, v] of Object.entries(p.testbeds ?? {}))
      assert.ok(p.min! <= v && v <= p.max!, `${p.name} on ${tb}: ${v} within [${p.min}, ${p.max}]`);
});

test('a testbed\'s value is shown with its own source, not the registry default\'s', async () => {
  const registry = await coreRegistry();
  const at = (s: Scenario, name: string) => registryFor(registry, s).find((p) => p.name === name)!;
  // Seed 002's Pentium III on the default QsNet cluster; seed 001's Xeon on QsNetII (PVFS2 runs there too).
  assert.equal(at(defaultScenario, 'host.clock_MHz').default, 1000);
  assert.match(at(defaultScenario, 'host.clock_MHz').source!, /seed 002/);
  const xeon = at(scenario('pvfs2-elan4-listio'), 'host.clock_MHz');
  assert.equal(xeon.default, 3000);
  assert.match(xeon.source!, /seeds 000 and 001 testbed: dual 3\.0 GHz Xeon/);
  assert.doesNotMatch(xeon.source!, /Pentium III/);
  assert.match(at(scenario('via-sci-pingpong'), 'host.memcpy_MBps').source!, /Pentium II 350/);
  // A parameter no testbed changes keeps the registry's source.
  const seq = at(scenario('pvfs2-elan4-listio'), 'pvfs2.strip_bytes');
  assert.equal(seq.source, registry.find((p) => p.name === 'pvfs2.strip_bytes')!.source);
});
