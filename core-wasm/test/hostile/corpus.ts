/**
 * The hostile scenario corpus (issue 12 item 2): scenario files a user could paste or hand-edit that must all be
 * refused. Generated from shipped scenarios (so it follows the schema as it grows) plus a fixed list of structural
 * attacks. Each case names the field its refusal must name (`field`, a path segment), or null when the file is not
 * a JSON object at all (syntax, encoding, nesting).
 *
 * Groups: wrong type of every field of three shipped scenarios; each required field missing; an unknown field in
 * every object; numeric extremes (negative, fractional, 1e308, 10^12) on every number; every enum value wrong;
 * cross-field rules the schema cannot state (checked by the core's parser); and structure: invalid JSON, NaN and
 * Infinity literals, invalid UTF-8, 5,000-deep nesting, 100,000-element arrays, 10 MB files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface HostileCase {
  group: string;
  name: string;
  bytes: Buffer;
  /** A path segment the one-line refusal must contain, or null for a file that is not a scenario object at all. */
  field: string | null;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A shipped scenario without its walkthroughs, reference data and teacher notes (prose the mutations need not cover). */
export function baseScenario(root: string, id: string): { [k: string]: Json } {
  const s = JSON.parse(readFileSync(join(root, 'scenarios', `${id}.json`), 'utf8'));
  delete s.walkthroughs;
  delete s.reference;
  delete s.teacher_notes;
  return s;
}

/** Every leaf and object of `doc` with its path (keys and indexes); arrays of numbers count as one leaf. */
function walk(doc: Json, path: (string | number)[] = [], out: { path: (string | number)[]; value: Json }[] = []) {
  out.push({ path, value: doc });
  if (Array.isArray(doc)) {
    if (doc.every((x) => typeof x === 'number')) return out;
    doc.forEach((x, i) => walk(x, [...path, i], out));
  } else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) walk(v, [...path, k], out);
  }
  return out;
}

function withValue(doc: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(doc);
  let at: any = copy;
  for (const k of path.slice(0, -1)) at = at[k];
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(at)) at.splice(Number(last), 1);
    else delete at[last];
  } else at[last] = value;
  return copy;
}

/** The field a refusal of `path` must name: its last key (an index names its array's key). */
function fieldOf(path: (string | number)[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return '/';
}

const text = (doc: Json) => Buffer.from(JSON.stringify(doc, null, 2));

function wrongType(value: Json): Json[] {
  if (typeof value === 'number') return [String(value), null];
  if (typeof value === 'string') return [7, null];
  if (typeof value === 'boolean') return ['true', 1];
  if (Array.isArray(value)) return [{ length: value.length }, 'list'];
  return [[value], 'object'];
}

/** The corpus; `isValid` is the schema's check, used to keep only removals and extremes the schema refuses. */
export function hostileCorpus(root: string, isValid: (doc: unknown) => boolean): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (group: string, name: string, bytes: Buffer, field: string | null) => cases.push({ group, name, bytes, field });
  const bases = ['portals-qsnet-pingpong', 'npb-sci-8node-small', 'pvfs2-elan4-listio'].map((id) => ({ id, doc: baseScenario(root, id) }));

  for (const { id, doc } of bases) {
    const nodes = walk(doc).filter((n) => n.path.length > 0);
    for (const { path, value } of nodes) {
      const where = `${id}:${path.join('.')}`;
      wrongType(value).forEach((v, i) => add('wrong type', `${where} as ${JSON.stringify(v).slice(0, 20)}#${i}`, text(withValue(doc, path, v)), fieldOf(path)));
      if (typeof value === 'number') {
        // Only the extremes the schema refuses: the ones it allows and a run cannot afford (10^12 bytes, 10^9
        // iterations, 100,000 nodes) are cross-field cases below, refused by the core.
        for (const v of [-1, 0.5, 1e308, 1e12]) {
          const mutated = withValue(doc, path, v);
          if (!isValid(mutated)) add('numeric extreme', `${where} = ${v}`, text(mutated), fieldOf(path));
        }
      }
      if (typeof value === 'string' && id === bases[0].id && !['title', 'description', 'label'].includes(fieldOf(path))) {
        add('enum or pattern wrong', `${where} = "no such value!"`, text(withValue(doc, path, 'no such value!')), fieldOf(path));
      }
      const removed = withValue(doc, path, undefined);
      if (typeof path[path.length - 1] === 'string' && !isValid(removed)) add('missing field', `${where} missing`, text(removed), fieldOf(path));
      if (value && typeof value === 'object' && !Array.isArray(value) && id === bases[0].id) {
        add('unknown field', `${where}.colour`, text(withValue(doc, [...path, 'colour'], 'red')), 'colour');
      }
    }
    add('unknown field', `${id}: top-level colour`, text({ ...doc, colour: 'red' }), 'colour');
  }

  // Every enum of the workload and cluster wrong, on the default scenario.
  const d = bases[0].doc as any;
  const series0 = d.workload.series[0];
  for (const [field, mutate] of [
    ['fabric', (s: any) => (s.cluster.fabric = 'myrinet')],
    ['nic', (s: any) => (s.cluster.nic = 'lanai9')],
    ['testbed', (s: any) => (s.cluster.testbed = 'cray-t3e')],
    ['kind', (s: any) => (s.workload.kind = 'bisection')],
    ['protocol', (s: any) => (s.workload.series[0].protocol = 'gm')],
    ['operation', (s: any) => (s.workload.series[0].operation = 'atomic-swap')],
    ['pairing', (s: any) => (s.workload.pairing = 'diagonal')],
    ['format', (s: any) => (s.format = 'hpc-interconnect-scenari0')],
    ['version', (s: any) => (s.version = 99)],
  ] as [string, (s: any) => void][]) {
    const s = structuredClone(d);
    mutate(s);
    add('enum wrong', `${field} unknown`, text(s), field);
  }

  // Cross-field rules: each value is allowed alone, the combination is not (the core's parser refuses them).
  const cross: [string, string, (s: any) => void][] = [
    ['initiator equals target', 'target', (s) => (s.workload.target = s.workload.initiator)],
    ['target beyond the cluster', 'target', (s) => (s.workload.target = 16)],
    ['initiator beyond the cluster', 'initiator', (s) => (s.workload.initiator = 99)],
    ['Elan4 NIC on QsNet', 'nic', (s) => (s.cluster.nic = 'elan4')],
    ['two rails on Elan3', 'rails', (s) => (s.cluster.rails = 2)],
    ['SCI NIC on a fat tree', 'nic', (s) => (s.cluster.nic = 'pci-sci')],
    ['Open MPI on Elan3', 'protocol', (s) => (s.workload.series[0] = { ...series0, protocol: 'ompi', operation: 'rdma-write' })],
    ['a ringlet with switch levels', 'levels', (s) => ((s.cluster = { fabric: 'sci-ringlet', nic: 'pci-sci', nodes: 8, levels: 3 }), (s.workload.series = [{ id: 'v', protocol: 'ss-via', operation: 'send' }]))],
    ['a fat tree too small for its nodes', 'levels', (s) => (s.cluster.levels = 1)],
    ['a fat tree of arity 9', 'arity', (s) => (s.cluster.arity = 9)],
    ['more nodes than QsNet holds', 'nodes', (s) => (s.cluster.nodes = 100000)],
    ['duplicate series ids', 'id', (s) => (s.workload.series[1] = { ...s.workload.series[1], id: s.workload.series[0].id })],
    ['no series', 'series', (s) => (s.workload.series = [])],
    ['nine series', 'series', (s) => (s.workload.series = Array.from({ length: 9 }, (_, i) => ({ ...series0, id: `s${i}` })))],
    ['an unknown model parameter', 'pci.no_such_MHz', (s) => (s.parameters = { 'pci.no_such_MHz': 1 })],
    ['a parameter out of its range', 'pci.clock_MHz', (s) => (s.parameters = { 'pci.clock_MHz': -66 })],
    ['a parameter as text', 'pci.clock_MHz', (s) => (s.parameters = { 'pci.clock_MHz': '66' })],
    ['10^12-byte message', 'sizes_bytes', (s) => (s.workload.sizes_bytes = [1e12])],
    ['10^9 iterations', 'iterations', (s) => (s.workload.iterations = 1e9)],
    ['node groups on a NAS run', 'groups', (s) => (s.cluster.groups = [{ nodes: [0, 1] }])],
  ];
  for (const [name, field, mutate] of cross) {
    const s = structuredClone(d);
    mutate(s);
    add('cross-field rule', name, text(s), field);
  }
  // Found by an hour of `npm run fuzz`: a PVFS2 workload whose series names a protocol that is no BMI method ran with
  // no BMI (UBSan: member call on a null pointer in FileSystem::attach; natively a crash).
  for (const [protocol, operation] of [['ompi', 'rdma-read'], ['elan4-qdma', 'send']]) {
    const s = structuredClone(bases[2].doc as any);
    s.workload.series[0] = { ...s.workload.series[0], protocol, operation };
    add('cross-field rule', `PVFS2 list I/O over ${protocol} (no BMI method)`, text(s), 'protocol');
  }

  // BT-IO's ROMIO hints: a value ROMIO does not know, and more aggregators than processes (the schema allows 64;
  // the core's parser, the workload's clients).
  for (const [name, field, mutate] of [
    ['BT-IO romio_cb_write unknown', 'romio_cb_write', (w: any) => (w.romio_cb_write = 'sometimes')],
    ['BT-IO cb_nodes beyond the clients', 'cb_nodes', (w: any) => (w.cb_nodes = 5)],
    ['BT-IO cb_buffer_size below 64 KiB', 'cb_buffer_size', (w: any) => (w.cb_buffer_size = 4096)],
  ] as [string, string, (w: any) => void][]) {
    const s = baseScenario(root, 'pvfs2-btio') as any;
    mutate(s.workload);
    add(field === 'cb_nodes' ? 'cross-field rule' : field === 'romio_cb_write' ? 'enum wrong' : 'numeric extreme', name, text(s), field);
  }

  // Structure and encoding.
  const valid = JSON.stringify(d);
  add('syntax', 'empty file', Buffer.from(''), null);
  add('syntax', 'cut in half', Buffer.from(valid.slice(0, valid.length >> 1)), null);
  add('syntax', 'trailing comma', Buffer.from(valid.replace(/}$/, ',}')), null);
  add('syntax', 'NaN literal', Buffer.from(valid.replace('"nodes":16', '"nodes":NaN')), null);
  add('syntax', 'Infinity literal', Buffer.from(valid.replace('"nodes":16', '"nodes":Infinity')), null);
  add('syntax', '1e309 (overflows a double)', Buffer.from(valid.replace('"nodes":16', '"nodes":1e309')), 'nodes');
  add('syntax', 'comments', Buffer.from(`// a scenario\n${valid}`), null);
  add('syntax', 'two documents', Buffer.from(valid + valid), null);
  add('not an object', 'null', Buffer.from('null'), null);
  add('not an object', 'an array', Buffer.from(`[${valid}]`), null);
  add('not an object', 'a string', Buffer.from(JSON.stringify(valid)), null);
  add('not an object', 'a number', Buffer.from('42'), null);
  const utf8 = (bytes: number[]) => Buffer.concat([Buffer.from(valid.replace(/"title":"[^"]*"/, '"title":"bad ')), Buffer.from(bytes)]);
  const insertIntoTitle = (bytes: number[]) => {
    const [head, tail] = valid.split(/(?<="title":")/);
    return Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]);
  };
  add('invalid UTF-8', 'a lone 0xFF byte in the title', insertIntoTitle([0xff]), null);
  add('invalid UTF-8', 'a truncated 3-byte sequence', insertIntoTitle([0xe2, 0x82]), null);
  add('invalid UTF-8', 'an overlong "/"', insertIntoTitle([0xc0, 0xaf]), null);
  add('invalid UTF-8', 'a UTF-16 surrogate encoded in UTF-8', insertIntoTitle([0xed, 0xa0, 0x80]), null);
  add('invalid UTF-8', 'garbage after the document', utf8([0xff, 0xfe]), null);
  add('invalid UTF-8', 'UTF-16LE file', Buffer.from(`\ufeff${valid}`, 'utf16le'), null);
  add('deep nesting', '5,000-deep arrays as the title', Buffer.from(valid.replace(/"title":"[^"]*"/, `"title":${'['.repeat(5000)}${']'.repeat(5000)}`)), 'title');
  add('deep nesting', '5,000-deep objects at the top', Buffer.from(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`), 'a');
  add('deep nesting', '100,000-deep arrays as the file', Buffer.from(`${'['.repeat(100000)}${']'.repeat(100000)}`), null);
  const compact = (doc: Json) => Buffer.from(JSON.stringify(doc));
  add('huge array', '100,000 message sizes', compact({ ...d, workload: { ...d.workload, sizes_bytes: Array.from({ length: 100000 }, (_, i) => i) } }), 'sizes_bytes');
  add('huge array', '100,000 series', text({ ...d, workload: { ...d.workload, series: Array.from({ length: 100000 }, (_, i) => ({ ...series0, id: `s${i}` })) } }), 'series');
  add('huge array', '100,000 node groups', compact({ ...d, cluster: { ...d.cluster, groups: Array.from({ length: 100000 }, () => ({ nodes: [0, 1] })) } }), 'groups');
  add('10 MB file', 'a 10 MB title', text({ ...d, title: 'x'.repeat(10 * 1024 * 1024) }), 'title');
  add('10 MB file', '10 MB of model parameters', text({ ...d, parameters: Object.fromEntries(Array.from({ length: 400000 }, (_, i) => [`pci.p${i}`, i])) }), 'parameters');
  add('10 MB file', '10 MB of whitespace before a broken document', Buffer.concat([Buffer.alloc(10 * 1024 * 1024, 0x20), Buffer.from('{"format":')]), null);
  add('10 MB file', 'a valid scenario padded to 10 MB', Buffer.concat([Buffer.from(valid), Buffer.alloc(10 * 1024 * 1024, 0x20)]), null);
  return cases;
}
