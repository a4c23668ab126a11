/** `npm run sim`'s --set and --sweep (core-wasm/cli/parameterOptions.ts): the options' shapes and their refusals. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SWEEP_VALUES, parseSets, parseSweep, withParameters } from '../../cli/parameterOptions.ts';

test('--set: NAME=VALUE pairs, a later one of the same name winning', () => {
  assert.deepEqual(parseSets([]), []);
  assert.deepEqual(parseSets(['host.memcpy_MBps=900', 'pci.clock_MHz=33', 'host.memcpy_MBps=600']), [
    { name: 'host.memcpy_MBps', value: 600 },
    { name: 'pci.clock_MHz', value: 33 },
  ]);
  assert.deepEqual(parseSets(['bmi_elan4.post_cycles=1.5e3']), [{ name: 'bmi_elan4.post_cycles', value: 1500 }]);
});

test('--set refusals name the option and the text', () => {
  assert.match(parseSets(['host.memcpy_MBps']) as string, /^--set: "host\.memcpy_MBps" is not NAME=VALUE/);
  assert.match(parseSets(['host.memcpy_MBps=']) as string, /^--set: "" is not a number/);
  assert.match(parseSets(['host.memcpy_MBps=fast']) as string, /^--set: "fast" is not a number/);
  assert.match(parseSets(['host.memcpy_MBps=Infinity']) as string, /^--set: "Infinity" is not a number/);
  assert.match(parseSets(['memcpy=3']) as string, /^--set: "memcpy" is not a parameter name/);
  assert.match(parseSets(['=3']) as string, /^--set: "" is not a parameter name/);
});

test('--sweep: one parameter, its values in order, at most MAX_SWEEP_VALUES', () => {
  assert.deepEqual(parseSweep('host.memcpy_MBps=600,900,1200'), { name: 'host.memcpy_MBps', values: [600, 900, 1200] });
  assert.deepEqual(parseSweep('pci.clock_MHz=66'), { name: 'pci.clock_MHz', values: [66] });
  assert.match(parseSweep('host.memcpy_MBps=600,,1200') as string, /^--sweep: "" is not a number/);
  assert.match(parseSweep('host.memcpy_MBps') as string, /^--sweep: .* is not NAME=VALUE \(e\.g\. --sweep host\.memcpy_MBps=600,900,1200\)/);
  const many = Array.from({ length: MAX_SWEEP_VALUES + 1 }, (_, i) => 100 + i).join(',');
  assert.match(parseSweep(`host.memcpy_MBps=${many}`) as string, /^--sweep: 33 values; at most 32/);
});

test('overrides are written into a copy of the scenario\'s parameters', () => {
  const doc = { id: 'x', parameters: { 'pci.clock_MHz': 33, 'host.clock_MHz': 350 } };
  const out = withParameters(doc, [{ name: 'pci.clock_MHz', value: 66 }, { name: 'host.memcpy_MBps', value: 900 }]);
  assert.deepEqual(out.parameters, { 'pci.clock_MHz': 66, 'host.clock_MHz': 350, 'host.memcpy_MBps': 900 });
  assert.deepEqual(doc.parameters, { 'pci.clock_MHz': 33, 'host.clock_MHz': 350 });
  assert.equal(withParameters(doc, []), doc);
  assert.deepEqual(withParameters({ id: 'y' }, [{ name: 'a.b', value: 1 }]).parameters, { 'a.b': 1 });
});
