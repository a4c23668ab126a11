import { test } from 'node:test';
import assert from 'node:assert/strict';
import LZString from 'lz-string';
import {
  decodeScenarioLink,
  encodeScenarioLink,
  foreignHashError,
  LinkTooLargeError,
  walkthroughParameter,
  MAX_LINK_CHARS,
} from '../src/share/linkCodec.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

test('link round trip: encode then decode gives the same scenario', () => {
  const hash = encodeScenarioLink(defaultScenario);
  assert.match(hash, /^s=4\.[0-9a-f]{8}\./);
  const decoded = decodeScenarioLink('#' + hash);
  assert.equal(decoded.ok, true);
  if (decoded.ok) assert.deepEqual(decoded.scenario, defaultScenario);
});

test('round trip also works without the leading # and with other parameters', () => {
  const decoded = decodeScenarioLink('x=1&' + encodeScenarioLink(defaultScenario));
  assert.equal(decoded.ok, true);
});

test('tampered data gives an error, never a scenario', () => {
  const hash = encodeScenarioLink(defaultScenario);
  const data = hash.slice('s=4.00000000.'.length);
  const variants = [
    data.slice(0, data.length >> 1),
    data.slice(10),
    data.replace(/[A-Za-z]/g, (c) => (c === 'A' ? 'B' : 'A')),
    '!!!not-lz!!!',
    '',
  ];
  for (const v of variants) {
    const decoded = decodeScenarioLink(`#s=2.${v}`);
    assert.equal(decoded.ok, false, `variant ${v.slice(0, 20)} decoded`);
    if (!decoded.ok) assert.ok(decoded.error.length > 0);
  }
});

test('valid compression of non-JSON text is a JSON parse error', () => {
  const decoded = decodeScenarioLink('#s=1.' + LZString.compressToEncodedURIComponent('{"format": oops'));
  assert.equal(decoded.ok, false);
  if (!decoded.ok) assert.match(decoded.error, /not valid JSON/);
});

test('unknown version gives an error naming the version', () => {
  const data = encodeScenarioLink(defaultScenario).slice('s=4.'.length);
  for (const version of ['5', '0', 'x', '99']) {
    const decoded = decodeScenarioLink(`#s=${version}.${data}`);
    assert.equal(decoded.ok, false);
    if (!decoded.ok) assert.match(decoded.error, new RegExp(`version "${version}" is unknown`));
  }
  const noDot = decodeScenarioLink('#s=1');
  assert.equal(noDot.ok, false);
  for (const value of ['1', 'garbage!!', 'N4IgdghgtgpiBcIDCB']) {
    const decoded = decodeScenarioLink(`#s=${value}`);
    assert.equal(decoded.ok, false);
    if (!decoded.ok) assert.ok(decoded.error.includes(`"s=${value}" is not <version>.<data>`), decoded.error);
  }
});

test('missing s= parameter is an error', () => {
  const decoded = decodeScenarioLink('#t=3');
  assert.equal(decoded.ok, false);
});

test('wrong field type gives an error naming the field path', () => {
  const bad = clone(defaultScenario) as unknown as { cluster: { nodes: unknown } };
  bad.cluster.nodes = 'sixteen';
  const decoded = decodeScenarioLink('#s=1.' + LZString.compressToEncodedURIComponent(JSON.stringify(bad)));
  assert.equal(decoded.ok, false);
  if (!decoded.ok) assert.match(decoded.error, /\/cluster\/nodes: must be integer/);
});

test('oversize link is refused when decoding and when encoding', () => {
  const decoded = decodeScenarioLink('#s=1.' + 'A'.repeat(MAX_LINK_CHARS + 1));
  assert.equal(decoded.ok, false);
  if (!decoded.ok) assert.match(decoded.error, /64 KiB/);

  const big = clone(defaultScenario);
  // Random-ish text compresses badly: ~200 KB of it cannot fit in 64 KiB.
  let seed = 12345;
  const chars: string[] = [];
  for (let i = 0; i < 200_000; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    chars.push(String.fromCharCode(33 + (seed >>> 16) % 90));
  }
  big.reference = { ...big.reference, source: chars.join('') };
  assert.throws(() => encodeScenarioLink(big), LinkTooLargeError);
});

test('a hash that is not a link of this page is named, never passed over in silence', () => {
  for (const ok of ['', '#', '#scenario=via-sci-pingpong', '#w=ompi-rdma-write&step=2', '#scenario=pvfs2-btio&w=btio']) assert.equal(foreignHashError(ok), null, ok);
  const good = encodeScenarioLink(defaultScenario);
  const reversed = `#${[...good].reverse().join('')}`;
  assert.match(foreignHashError(reversed) ?? '', /is not a link of this page/);
  assert.match(foreignHashError('#section-2') ?? '', /"#section-2" is not a link of this page/);
  assert.match(foreignHashError('#/settings?tab=1') ?? '', /not a link of this page/);
  assert.match(foreignHashError('#x=1&scenario=via-sci-pingpong') ?? '', /not a link of this page/);
  assert.match(foreignHashError('#scenario=Bad_ID!') ?? '', /"Bad_ID!" is not a scenario id/);
  assert.ok((foreignHashError(`#${'q'.repeat(5000)}`) ?? '').length < 300);  // a long address is cut in the message
});

test('version 4 refuses any change to its data, which versions 1-3 could not see', () => {
  const hash = encodeScenarioLink(defaultScenario);
  const data = hash.slice('s=4.00000000.'.length);
  let silentlyDifferent = 0;
  for (let i = 0; i < data.length; i += 97) {
    const flipped = `${data.slice(0, i)}${data[i] === 'A' ? 'B' : 'A'}${data.slice(i + 1)}`;
    const v4 = decodeScenarioLink(`#${hash.slice(0, 's=4.00000000.'.length)}${flipped}`);
    assert.equal(v4.ok, false);
    if (!v4.ok) assert.match(v4.error, /does not match its integrity check/);
    if (decodeScenarioLink(`#s=3.${flipped}`).ok) silentlyDifferent++;
  }
  assert.ok(silentlyDifferent > 0, 'some changes pass unnoticed without the check');
  const cut = decodeScenarioLink(`#${hash.slice(0, Math.floor(hash.length * 0.7))}`);
  assert.equal(cut.ok, false);
  if (!cut.ok) assert.match(cut.error, /damaged/);
  const unchecked = decodeScenarioLink(`#s=4.${data}`);
  assert.equal(unchecked.ok, false);
  if (!unchecked.ok) assert.match(unchecked.error, /integrity check is missing/);
});

test('a malformed percent escape in a parameter is refused as written, not thrown (found by the property test)', () => {
  assert.match(foreignHashError('#scenario=%E0%A4%A') ?? '', /"%E0%A4%A" is not a scenario id/);
  assert.equal(walkthroughParameter('#w=%E0%A4%A'), null);
});
