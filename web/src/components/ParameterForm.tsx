/**
 * The model parameters of the core's registry (hs_parameters_json), one fieldset per name prefix (pci., host.,
 * elan3., qsnet., portals., tports., and any prefix added later). By default only the groups the run reads
 * (`read`: its fabric's, its series' protocols' and its workload's, scenario/parameterGroups.ts groupsReadBy) and any
 * group holding a changed value; "show all" lists the rest. Hidden fields keep their values.
 */
import { useMemo, useState } from 'react';
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';
import { groupParameters } from '../scenario/parameterGroups';
import { ParameterField } from './ParameterField';

interface Props {
  registry: ParameterInfo[];
  texts: Record<string, string>;
  errors: Record<string, string>;
  /** Prefixes of the groups the run reads; null: all. */
  read: ReadonlySet<string> | null;
  onChange(name: string, text: string): void;
}

export function ParameterForm({ registry, texts, errors, read, onChange }: Props) {
  const groups = useMemo(() => groupParameters(registry), [registry]);
  const [all, setAll] = useState(false);
  if (registry.length === 0) return <p className="muted">Loading the parameter registry from the core…</p>;
  const differs = (p: ParameterInfo) => (texts[p.name] ?? '') !== String(p.default ?? '') || p.name in errors;
  const readGroups = groups.filter((g) => !read || read.has(g.prefix)).length;
  const wanted = groups.filter((g) => !read || read.has(g.prefix) || g.parameters.some(differs));
  const shown = all ? groups : wanted;
  const hidden = groups.length - wanted.length;
  return (
    <>
      {read && (
        <p className="muted param-scope" data-testid="parameter-scope">
          {all
            ? `All ${groups.length} parameter groups of the core.`
            : `The ${readGroups} parameter groups this run reads (its fabric, protocols and workload)` +
              (hidden > 0 ? `; ${hidden} more change nothing in it.` : '.')}{' '}
          {hidden > 0 && (
            <label>
              <input type="checkbox" data-testid="show-all-parameters" checked={all} onChange={(e) => setAll(e.target.checked)} /> show all
            </label>
          )}
        </p>
      )}
      <div className="param-groups">
        {shown.map((g) => (
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
    </>
  );
}
