/**
 * Chooses what run B changes (compare/compareSpec.ts): another series selection, one model parameter, or a
 * whole scenario pasted as a share link. "Run B" starts the comparison run.
 */
import { useMemo, useState } from 'react';
import { useScenario } from '../hooks/useScenario';
import { useParameterRegistry } from '../hooks/useParameterRegistry';
import { registryFor } from '../scenario/testbedRegistry';
import { useCompareStore } from '../state/compareStore';
import { decodeScenarioLink } from '../share/linkCodec';
import type { CompareSpec } from '../compare/compareSpec';

type Kind = CompareSpec['kind'];

export function CompareForm() {
  const scenario = useScenario();
  const fullRegistry = useParameterRegistry();
  // Run A's values: its testbed's defaults (QsNetII's PCI-X is 133 MHz, not the registry's 66), then its overrides.
  const registry = useMemo(() => registryFor(fullRegistry, scenario), [fullRegistry, scenario]);
  const current = useCompareStore((s) => s.spec);
  const [kind, setKind] = useState<Kind>(current?.kind ?? 'parameter');
  const [series, setSeries] = useState<string[]>(
    current?.kind === 'series' ? current.series : scenario.workload.series.slice(-1).map((s) => s.id),
  );
  const [name, setName] = useState(current?.kind === 'parameter' ? current.name : 'pci.clock_MHz');
  // Untouched, run B's value is the parameter's far end from run A's (its maximum, or its minimum when A is there).
  const [typed, setValue] = useState<string | null>(current?.kind === 'parameter' ? String(current.value) : null);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const info = registry.find((p) => p.name === name);
  const valueA = scenario.parameters?.[name] ?? info?.default;
  const value = typed ?? (info?.max === undefined ? '133' : String(valueA === info.max ? info.min : info.max));

  const run = () => {
    setError(null);
    let spec: CompareSpec;
    if (kind === 'series') spec = { kind, series };
    else if (kind === 'parameter') spec = { kind, name, value: Number(value) };
    else {
      const decoded = decodeScenarioLink(link.includes('#') ? link.slice(link.indexOf('#')) : link);
      if (!decoded.ok) return setError(decoded.error);
      spec = { kind, scenario: decoded.scenario };
    }
    useCompareStore.getState().setSpec(spec);
  };

  return (
    <form className="compare-form" onSubmit={(e) => { e.preventDefault(); run(); }} aria-label="What run B changes">
      <label>
        run B differs by{' '}
        <select data-testid="compare-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="parameter">one model parameter</option>
          <option value="series">another series selection</option>
          <option value="scenario">a scenario from a share link</option>
        </select>
      </label>
      {kind === 'series' && (
        <fieldset className="compare-series">
          <legend className="sr-only">Series of run B</legend>
          {scenario.workload.series.map((s) => (
            <label key={s.id}>
              <input
                type="checkbox"
                data-testid={`compare-series-${s.id}`}
                checked={series.includes(s.id)}
                onChange={(e) => setSeries(e.target.checked ? [...series, s.id] : series.filter((x) => x !== s.id))}
              />
              {s.label ?? s.id}
            </label>
          ))}
        </fieldset>
      )}
      {kind === 'parameter' && (
        <>
          <select data-testid="compare-param" aria-label="Parameter" value={name} onChange={(e) => setName(e.target.value)}>
            {(registry.length ? registry.map((p) => p.name) : [name]).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
          <input data-testid="compare-value" aria-label={`Value of ${name} for run B`} type="number" step="any" value={value} onChange={(e) => setValue(e.target.value)} />
          <span className="muted">
            {info?.unit ?? ''} (A: {valueA ?? '?'}
            {info?.min !== undefined ? `; range ${info.min}–${info.max}` : ''})
          </span>
        </>
      )}
      {kind === 'scenario' && (
        <input data-testid="compare-link" className="compare-link" aria-label="Share link of run B's scenario" placeholder="paste a share link (…#s=…)" value={link} onChange={(e) => setLink(e.target.value)} />
      )}
      <button type="submit" data-testid="compare-run">Run B</button>
      {error && <span className="field-error" role="alert">{error}</span>}
    </form>
  );
}
