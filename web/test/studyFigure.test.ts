// Parameter-study figures (core-wasm/js/studyFigure.ts): the text form round-trips and refuses malformed figures,
// values come from a result's series and tables (a gain in percent), the paper's value from the scenario's
// reference, ranges are linear or log with their ends, and a share link's study is restored or dropped whole.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figureValue, formatFigure, paperValue, parseFigure, rangeValues, restoreStudy, studyForLink, type StudyFigure } from '../../core-wasm/js/studyFigure.ts';

const RESULT = {
  series: [{ id: 'portals-put', points: [{ bytes: 0, latency_us: 18.04 }, { bytes: 1024, latency_us: 25, bandwidth_MBps: 41 }] }],
  tables: [{ id: 'btio', unit: 's', columns: ['LIO', 'SG-LIO'], rows: [{ label: 'I/O time', values: [5.61, 2.12] }, { label: 'empty', values: [null, 1] }] }],
};

test('figures: text form round-trips; malformed ones are refused with the forms named', () => {
  for (const f of ['latency:portals-put:0', 'bandwidth:tports-send:1048576', 'table:btio:I/O time:LIO', 'gain:btio:I/O time:LIO:SG-LIO'])
    assert.equal(formatFigure(parseFigure(f) as StudyFigure), f);
  for (const bad of ['latency:portals-put', 'latency::0', 'latency:x:1.5', 'table:btio:I/O time', 'speed:x:1', ''])
    assert.match(parseFigure(bad) as string, /is not latency:SERIES:BYTES/);
});

test('figure values: series points, table cells, gains in percent; null where the run has none', () => {
  assert.equal(figureValue(RESULT, { kind: 'latency', series: 'portals-put', bytes: 0 }), 18.04);
  assert.equal(figureValue(RESULT, { kind: 'bandwidth', series: 'portals-put', bytes: 1024 }), 41);
  assert.equal(figureValue(RESULT, { kind: 'bandwidth', series: 'portals-put', bytes: 0 }), null);
  assert.equal(figureValue(RESULT, { kind: 'latency', series: 'nope', bytes: 0 }), null);
  assert.equal(figureValue(RESULT, { kind: 'table', table: 'btio', row: 'I/O time', column: 'SG-LIO' }), 2.12);
  assert.equal(figureValue(RESULT, { kind: 'table', table: 'btio', row: 'empty', column: 'LIO' }), null);
  const gain = figureValue(RESULT, { kind: 'gain', table: 'btio', row: 'I/O time', column: 'LIO', over: 'SG-LIO' })!;
  assert.ok(Math.abs(gain - ((5.61 - 2.12) / 2.12) * 100) < 1e-9);
  const reference = { reference: { series: [{ id: 'portals-put', points: [{ bytes: 0, latency_us: 18.05 }] }], tables: RESULT.tables } };
  assert.equal(paperValue(reference as never, { kind: 'latency', series: 'portals-put', bytes: 0 }), 18.05);
  assert.equal(paperValue(reference as never, { kind: 'table', table: 'btio', row: 'I/O time', column: 'LIO' }), 5.61);
  assert.equal(paperValue({} as never, { kind: 'latency', series: 'portals-put', bytes: 0 }), null);
});

test('ranges: linear and log include both ends; bad ranges say why', () => {
  assert.deepEqual(rangeValues(33, 133, 5, 'linear'), [33, 58, 83, 108, 133]);
  assert.deepEqual(rangeValues(1, 1000, 4, 'log'), [1, 10, 100, 1000]);
  assert.match(rangeValues(0, 10, 3, 'log') as string, /above 0/);
  assert.match(rangeValues(1, 10, 17, 'linear') as string, /2 to 16/);
  assert.match(rangeValues(1, 10, 1, 'linear') as string, /2 to 16/);
});

test('a link\'s study is restored whole or dropped', () => {
  const spec = { parameter: 'pci.clock_MHz', values: [33, 66], figure: { kind: 'latency', series: 'portals-put', bytes: 0 } as StudyFigure };
  assert.deepEqual(restoreStudy(JSON.parse(JSON.stringify(studyForLink(spec)))), spec);
  assert.equal(restoreStudy({ ...studyForLink(spec), parameter: 'no dot' }), null);
  assert.equal(restoreStudy({ ...studyForLink(spec), values: Array(17).fill(1) }), null);
  assert.equal(restoreStudy({ ...studyForLink(spec), values: [1, 'x'] }), null);
  assert.equal(restoreStudy({ ...studyForLink(spec), figure: 'latency:x' }), null);
  assert.equal(restoreStudy(null), null);
});
