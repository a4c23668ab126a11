// Property-based tests of the share-link codec (issue 12 item 1, fast-check): whatever string sits in the address's
// hash, the page's readers return a scenario or a readable error; they never throw and never hang. Links are built
// from arbitrary strings, from arbitrary JSON wrapped in a well-formed v1-v4 link (the CRC right, the content
// wrong), and from valid links cut, flipped or extended.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import LZString from 'lz-string';
import {
  bundledScenarioParameter,
  decodeScenarioLink,
  encodeScenarioLink,
  foreignHashError,
  linkChecksum,
  walkthroughParameter,
} from '../src/share/linkCodec.ts';
import { defaultScenario } from '../src/scenario/defaultScenario.ts';
import { validateScenario } from '../../core-wasm/js/validateScenario.ts';

/** Every reader the page applies to a hash, as it does on load; asserts the decode contract. */
function readAll(hash: string): void {
  const decoded = decodeScenarioLink(hash);
  if (decoded.ok) assert.equal(validateScenario(decoded.scenario).ok, true, 'a decoded scenario is a valid one');
  else assert.ok(typeof decoded.error === 'string' && decoded.error.length > 10 && decoded.error.length < 2000, decoded.error);
  const foreign = foreignHashError(hash);
  assert.ok(foreign === null || foreign.length > 10);
  const walkthrough = walkthroughParameter(hash);
  assert.ok(walkthrough === null || (walkthrough.step >= 0 && Number.isInteger(walkthrough.step)));
  const id = bundledScenarioParameter(hash);
  assert.ok(id === null || /^[a-z0-9][a-z0-9-]{0,63}$/.test(id));
}

const RUNS = 2000;
const HANG_GUARD = { timeout: 120_000 };   // a hang fails the test; the figure is no performance claim

test('any string as the hash: a scenario or a readable error, from every reader', HANG_GUARD, () => {
  const piece = fc.oneof(
    fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }),
    fc.constantFrom('s=', 's=4.', 's=1.', 'w=', 'step=', 'scenario=', '&', '%', '%E0%A4%A', '%ZZ', '#', '.', '=', '00000000.'),
  );
  fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (parts) => readAll(parts.join(''))), { numRuns: RUNS });
});

test('arbitrary JSON inside a well-formed link of every version (right CRC, wrong content) is refused or valid', HANG_GUARD, () => {
  const payload = fc.oneof(
    fc.jsonValue(),
    fc.record({ scenario: fc.jsonValue(), view: fc.jsonValue(), compare: fc.jsonValue() }, { requiredKeys: [] }),
    fc.record({ scenario: fc.constant(defaultScenario), view: fc.jsonValue(), compare: fc.jsonValue() }),
  );
  fc.assert(
    fc.property(payload, fc.integer({ min: 1, max: 4 }), (value, version) => {
      const data = LZString.compressToEncodedURIComponent(JSON.stringify(value));
      readAll(`#s=${version}.${version === 4 ? `${linkChecksum(data)}.` : ''}${data}`);
    }),
    { numRuns: RUNS },
  );
});

test('a valid link cut, with characters flipped or appended, never decodes to a different scenario', HANG_GUARD, () => {
  const link = `#${encodeScenarioLink(defaultScenario)}`;
  const edit = fc.record({
    cut: fc.nat({ max: link.length }),
    at: fc.nat({ max: link.length - 1 }),
    char: fc.string({ minLength: 1, maxLength: 1 }),
    tail: fc.string({ maxLength: 4 }),
  });
  fc.assert(
    fc.property(edit, ({ cut, at, char, tail }) => {
      for (const hash of [link.slice(0, cut), link.slice(0, at) + char + link.slice(at + 1), link + tail]) {
        readAll(hash);
        const decoded = decodeScenarioLink(hash);
        if (decoded.ok) assert.deepEqual(decoded.scenario, defaultScenario, `changed link ${hash.slice(0, 60)}… decoded to another scenario`);
      }
    }),
    { numRuns: RUNS },
  );
});
