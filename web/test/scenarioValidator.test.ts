// The page validates scenarios with ajv's standalone code (core-wasm/js/scenarioValidator.generated.ts), not
// with ajv.compile (which needs 'unsafe-eval'): the committed code is the current schema's, and it judges scenarios
// exactly as ajv.compile does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule from 'ajv';
import { ROOT } from '../../core-wasm/cli/engines.ts';
import { VALIDATOR_MODULE_PATH, scenarioValidatorModuleText } from '../../core-wasm/cli/scenarioValidatorModule.ts';
import { validateScenario, formatSchemaError } from '../../core-wasm/js/validateScenario.ts';
import { scenarioSchema } from '../src/scenario/scenarioSchema.ts';

const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as typeof AjvModule;

test('the committed standalone validator is the current schema\'s (run `npm run gen:validator` after editing it)', () => {
  assert.equal(readFileSync(join(ROOT, VALIDATOR_MODULE_PATH), 'utf8'), scenarioValidatorModuleText(ROOT));
});

test('the standalone validator judges shipped and broken scenarios as ajv.compile does, with the same first error', () => {
  const compiled = new Ajv({ allErrors: false, strict: false }).compile(scenarioSchema);
  const shipped = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.json') && !/schema|fingerprints/.test(f));
  assert.ok(shipped.length >= 10);
  let refused = 0;
  for (const file of shipped) {
    const good = JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8'));
    const broken = [
      good,
      { ...good, cluster: { ...good.cluster, nodes: -1 } },
      { ...good, cluster: { ...good.cluster, color: 'red' } },
      { ...good, title: 'x'.repeat(100_000) },
      { ...good, workload: { ...good.workload, kind: 'no-such-kind' } },
      { ...good, format: 7 },
    ];
    for (const s of broken) {
      const expected = compiled(s) ? null : formatSchemaError(compiled.errors![0]);
      const got = validateScenario(s);
      assert.equal(got.ok ? null : got.error, expected, file);
      if (!got.ok) refused++;
    }
  }
  assert.ok(refused >= shipped.length * 4, `${refused} broken scenarios refused`);
});
