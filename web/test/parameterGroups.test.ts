// The parameter groups the editor shows for a scenario (scenario/parameterGroups.ts groupsReadBy, from the core's
// catalog): its fabric's hardware, its series' protocols and its workload kind; never another fabric's NIC. That
// the hidden groups change nothing in the run is checked natively (core-wasm/app/test/parameter_groups_test.cc).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { groupsReadBy } from '../src/scenario/parameterGroups.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

const shipped = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../scenarios/${id}.json`, import.meta.url), 'utf8')) as Scenario;

test('each scenario shows its own hardware and stacks, not the other fabrics\'', () => {
  const portals = groupsReadBy(shipped('portals-qsnet-pingpong'));
  for (const g of ['pci', 'host', 'elan3', 'qsnet', 'portals', 'tports']) assert.ok(portals.has(g), g);
  for (const g of ['elan4', 'qsnet2', 'sci', 'eth', 'ib', 'pvfs2', 'npb']) assert.ok(!portals.has(g), g);

  const ethernet = groupsReadBy(shipped('fast-ethernet-16-half-shift'));
  for (const g of ['eth', 'mvia', 'tcp']) assert.ok(ethernet.has(g), g);
  for (const g of ['elan3', 'elan4', 'qsnet', 'portals', 'sci']) assert.ok(!ethernet.has(g), g);

  const sci = groupsReadBy(shipped('via-sci-pingpong'));
  for (const g of ['sci', 'eth', 'mvia', 'tcp']) assert.ok(sci.has(g), g);  // M-VIA and TCP on its Fast Ethernet
  assert.ok(!sci.has('elan3'));
});

test('workloads add the groups of what they build: NAS its costs, BT-IO its PVFS2 and its MPI layers', () => {
  assert.ok(groupsReadBy(shipped('npb-sci-8node-small')).has('npb'));
  const btio = groupsReadBy(shipped('pvfs2-btio'));
  for (const g of ['qsnet2', 'elan4', 'ib', 'pvfs2', 'bmi_elan4', 'bmi_ib', 'btio', 'ompi', 'mvapich']) assert.ok(btio.has(g), g);
  assert.ok(!btio.has('elan3') && !btio.has('npb'));
});
