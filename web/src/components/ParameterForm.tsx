/**
 * Every model parameter of the core's registry (hs_parameters_json), one fieldset per name prefix
 * (pci., host., elan3., qsnet., portals., tports., and any prefix added later).
 */
import { useMemo } from 'react';
import type { ParameterInfo } from '../sim/bridgeTypes';
import { groupParameters } from '../scenario/parameterGroups';
import { ParameterField } from './ParameterField';

interface Props {
  registry: ParameterInfo[];
  texts: Record<string, string>;
  errors: Record<string, string>;
  onChange(name: string, text: string): void;
}

export function ParameterForm({ registry, texts, errors, onChange }: Props) {
  const groups = useMemo(() => groupParameters(registry), [registry]);
  if (registry.length === 0) return <p className="muted">Loading the parameter registry from the core…</p>;
  return (
    <div className="param-groups">
      {groups.map((g) => (
        <fieldset key={g.prefix} className="param-group" data-testid={`param-group-${g.prefix}`}>
          <legend>{g.prefix}.</legend>
          {g.parameters.map((p) => (
            <ParameterField
              key={p.name}
              info={p}
              text={texts[p.name] ?? ''}
              error={errors[p.name] ?? null}
              onChange={(text) => onChange(p.name, text)}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
