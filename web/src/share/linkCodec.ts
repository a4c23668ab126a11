/**
 * Share links: the scenario and the view travel in the URL hash as `#s=<version>.<data>`.
 *
 * - `<version>` is the link format version (currently 4). Every version ever issued keeps a payload decoder
 *   in `LINK_FORMATS`, and `MIGRATIONS[v]` turns a version-v payload into a version-(v+1) one, so old links
 *   keep loading (Compiler Explorer's url.ts ladder). To add v3: add `LINK_FORMATS[3]`, `MIGRATIONS[2]`,
 *   bump `CURRENT_LINK_VERSION`.
 * - v1 `<data>` is the scenario JSON compressed with lz-string's `compressToEncodedURIComponent`
 *   (alphabet A–Z a–z 0–9 + - $, so no `.` or `&` appears inside it).
 * - v2 `<data>` is `{"scenario": <scenario>, "view": <LinkView>}` compressed the same way (share/viewState.ts).
 *   A v1 link migrates to v2 with the default view.
 * - v3 `<data>` is `{"scenario", "view", "compare"?}` compressed the same way: the view may name an open
 *   walkthrough (`view.walkthrough = {id, step}`), `study` (core-wasm/js/studyFigure.ts: a parameter study,
 *   `{parameter, values, figure}` with the figure as text) reruns when the link opens, and `compare` (compare/compareSpec.ts) says what the
 *   comparison run changes; both are written only when set. A v2 link migrates to v3 with no comparison.
 * - v4 is v3 with an integrity check: `s=4.<crc>.<data>`, `<crc>` the CRC-32 of `<data>` as 8 hex digits (the
 *   `crc-32` package). About 4 in 10 single-character changes of an lz-string text still decompress to a valid
 *   scenario, a different one; with the check a damaged link is refused instead of opening something else. v3
 *   payloads are v4 payloads.
 * - Besides `s=`, a hash may carry `w=<walkthrough id>&step=<n>` (1-based), which opens that walkthrough.
 * - Instead of `s=`, `scenario=<id>` names one of the scenarios bundled with the page (scenario/bundledScenarios.ts),
 *   e.g. `#scenario=via-sci-pingpong&w=m-via-kernel&step=2`: a short link to any shipped walkthrough.
 * - Links longer than `MAX_LINK_CHARS` (64 KiB) are refused, both when encoding and when decoding.
 *
 * Pure functions, free of browser APIs (node tests import this file).
 */
import LZString from 'lz-string';
import CRC32 from 'crc-32';
import { MAX_SCENARIO_CHARS, validateScenario } from '../../../core-wasm/js/validateScenario';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { DEFAULT_VIEW, restoreView, type LinkView } from './viewState';
import { restoreCompare, type CompareSpec } from '../compare/compareSpec';
import { restoreStudy, studyForLink, type StudySpec } from '../../../core-wasm/js/studyFigure';

export const CURRENT_LINK_VERSION = 4;
/** Upper bound on the `s=` parameter value, characters (64 KiB). */
export const MAX_LINK_CHARS = 64 * 1024;
export { MAX_SCENARIO_CHARS };

export type LinkDecodeResult =
  | { ok: true; scenario: Scenario; view: LinkView; compare: CompareSpec | null; study: StudySpec | null; version: number }
  | { ok: false; error: string };

interface LinkFormat {
  /** Turns the `<data>` part into a parsed (not yet validated) scenario of this link version. */
  decodePayload(data: string): { ok: true; value: unknown } | { ok: false; error: string };
}

function decodeLzJson(data: string): { ok: true; value: unknown } | { ok: false; error: string } {
  let text: string | null;
  try {
    text = LZString.decompressFromEncodedURIComponent(data);
  } catch {
    text = null;
  }
  if (text === null || text === '') {
    return { ok: false, error: 'Share link is damaged: its data could not be decompressed.' };
  }
  if (text.length > MAX_SCENARIO_CHARS) {
    return { ok: false, error: `Share link is damaged: it expands to more than ${MAX_SCENARIO_CHARS} characters.` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: `Share link is damaged: the scenario is not valid JSON (${(e as Error).message}).` };
  }
}

/** CRC-32 of `data` as 8 lower-case hex digits. */
export function linkChecksum(data: string): string {
  return (CRC32.str(data) >>> 0).toString(16).padStart(8, '0');
}

/** v4: `<crc>.<data>`, the data checked against its CRC-32 before it is decompressed. */
function decodeCheckedLzJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  const m = /^([0-9a-f]{8})\.(.*)$/.exec(text);
  if (!m) return { ok: false, error: 'Share link is damaged: its integrity check is missing.' };
  if (linkChecksum(m[2]) !== m[1])
    return { ok: false, error: 'Share link is damaged: its data does not match its integrity check (changed or cut short).' };
  return decodeLzJson(m[2]);
}

const LINK_FORMATS: Record<number, LinkFormat> = {
  1: { decodePayload: decodeLzJson },
  2: { decodePayload: decodeLzJson },
  3: { decodePayload: decodeLzJson },
  4: { decodePayload: decodeCheckedLzJson },
};

/** MIGRATIONS[v] converts the payload of a version-v link into the version-(v+1) shape. */
const MIGRATIONS: Record<number, (payload: unknown) => unknown> = {
  1: (scenario) => ({ scenario, view: DEFAULT_VIEW }),
  2: (payload) => {
    const o = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    return { scenario: o.scenario, view: o.view };
  },
  3: (payload) => payload,
};

/** Thrown by encodeScenarioLink when the link would exceed MAX_LINK_CHARS. */
export class LinkTooLargeError extends Error {}

/**
 * The hash fragment (without `#`) for `scenario`, `view` and the comparison: `s=3.<lz-string data>`; the view
 * defaults to DEFAULT_VIEW, `compare` is written only when set. Throws LinkTooLargeError.
 */
export function encodeScenarioLink(scenario: Scenario, view: LinkView = DEFAULT_VIEW, compare: CompareSpec | null = null, study: StudySpec | null = null): string {
  const payload = { scenario, view, ...(compare && { compare }), ...(study && { study: studyForLink(study) }) };
  const data = LZString.compressToEncodedURIComponent(JSON.stringify(payload));
  const value = `${CURRENT_LINK_VERSION}.${linkChecksum(data)}.${data}`;
  if (value.length > MAX_LINK_CHARS) {
    throw new LinkTooLargeError(
      `Scenario is too large to share as a link (${(value.length / 1024).toFixed(1)} KiB; the limit is 64 KiB).`,
    );
  }
  return `s=${value}`;
}

/** Finds the `s=` parameter in a hash such as `#s=1.abc` or `s=1.abc&x=2`; null when absent. */
export function linkParameter(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) {
    if (part.startsWith('s=')) return part.slice(2);
  }
  return null;
}

/**
 * Decodes a location hash carrying `s=<version>.<data>` into a validated scenario.
 * Errors (never thrown): missing parameter, over 64 KiB, unknown version, decompression failure,
 * JSON parse error, schema violation (`<instancePath>: <message>`).
 */
export function decodeScenarioLink(hash: string): LinkDecodeResult {
  const value = linkParameter(hash);
  if (value === null) return { ok: false, error: 'Share link has no scenario (no "s=" parameter).' };
  if (value.length > MAX_LINK_CHARS) {
    return {
      ok: false,
      error: `Share link is too large (${(value.length / 1024).toFixed(1)} KiB; links over 64 KiB are refused).`,
    };
  }
  const dot = value.indexOf('.');
  const versionText = dot < 0 ? value : value.slice(0, dot);
  const version = /^[0-9]{1,6}$/.test(versionText) ? Number(versionText) : NaN;
  const format = LINK_FORMATS[version];
  if (dot < 0) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return {
      ok: false,
      error: `Share link "s=${shown}" is not <version>.<data>: it has no "." after a version number (this page reads versions 1–${CURRENT_LINK_VERSION}).`,
    };
  }
  if (!format) {
    return {
      ok: false,
      error: `Share link format version "${versionText}" is unknown (this page reads versions 1–${CURRENT_LINK_VERSION}).`,
    };
  }
  const payload = format.decodePayload(value.slice(dot + 1));
  if (!payload.ok) return payload;
  let current = payload.value;
  for (let v = version; v < CURRENT_LINK_VERSION; v++) {
    const migrate = MIGRATIONS[v];
    if (!migrate) return { ok: false, error: `Share link version ${v} has no migration to version ${v + 1}.` };
    current = migrate(current);
  }
  const body = current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
  const checked = validateScenario(body.scenario);
  if (!checked.ok) return { ok: false, error: `Share link scenario is invalid: ${checked.error}` };
  return {
    ok: true, scenario: checked.scenario, view: restoreView(body.view), compare: restoreCompare(body.compare), study: restoreStudy(body.study), version,
  };
}

/**
 * Value of hash parameter `name` (`#s=…&w=…&step=…`), percent-decoded, or null. A malformed escape (`%E0%A4%A`) is
 * returned as written, for the caller's pattern to refuse; never throws.
 */
export function hashParameter(hash: string, name: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of body.split('&')) {
    if (!part.startsWith(`${name}=`)) continue;
    const raw = part.slice(name.length + 1);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The bundled scenario id a hash names with `scenario=<id>` (same pattern as scenario ids), or null. */
export function bundledScenarioParameter(hash: string): string | null {
  const id = hashParameter(hash, 'scenario');
  return id && /^[a-z0-9][a-z0-9-]{0,63}$/.test(id) ? id : null;
}

/**
 * Hash parameters this page reads: the share link, a shipped scenario's id, a walkthrough and its step, and the
 * teacher-facing ones (share/teacherParams.ts).
 */
const HASH_KEYS = ['s', 'scenario', 'w', 'step', 'embed', 'panels', 'autoplay', 'speed', 'colorProfile', 'screen'];

/**
 * Why a hash with no share link (`s=`) is not a link of this page, or null when it is one (empty, a shipped
 * scenario's id, a walkthrough): an unknown parameter or a part that is not `key=value` (a reversed or foreign
 * address), or a `scenario=` that is not an id. Never throws.
 */
export function foreignHashError(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body === '') return null;
  const shown = body.length > 40 ? `${body.slice(0, 40)}…` : body;
  for (const part of body.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (eq < 0 || !HASH_KEYS.includes(key))
      return `The address's "#${shown}" is not a link of this page (it reads #s=<version>.<data>, #scenario=<id>, w=, step=, embed=, panels=, autoplay=, speed=, colorProfile= and screen=).`;
  }
  const id = hashParameter(hash, 'scenario');
  if (id !== null && bundledScenarioParameter(hash) === null)
    return `The link's scenario "${id.slice(0, 64)}" is not a scenario id (lower-case letters, digits and dashes).`;
  return null;
}

/** The walkthrough a hash opens with `w=<id>&step=<n>` (n 1-based, default 1) as {id, 0-based step}, or null. */
export function walkthroughParameter(hash: string): { id: string; step: number } | null {
  const id = hashParameter(hash, 'w');
  if (!id || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) return null;
  const n = Number(hashParameter(hash, 'step') ?? '1');
  return { id, step: Number.isInteger(n) && n >= 1 ? n - 1 : 0 };
}
