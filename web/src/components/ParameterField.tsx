/**
 * One model parameter of the registry: its input, unit, default and source (tooltip), and the rule a refused
 * value breaks (scenario/parameterRules.ts), shown in place.
 */
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';

interface Props {
  info: ParameterInfo;
  text: string;
  error: string | null;
  onChange(text: string): void;
}

export function ParameterField({ info, text, error, onChange }: Props) {
  const shortName = info.name.slice(info.name.indexOf('.') + 1);
  const changed = error === null && text.trim() !== '' && Number(text) !== info.default;
  const tip = [info.description, info.source ? `Source: ${info.source}` : '', info.integer ? 'Whole numbers only.' : '']
    .filter(Boolean)
    .join('\n');
  const inputId = `param-${info.name}`;
  return (
    <div className={`param-row${changed ? ' param-changed' : ''}`} title={tip} data-testid={`param-row-${info.name}`}>
      <label htmlFor={inputId} className="param-name">
        {shortName}
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        data-testid={`param-${info.name}`}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={`${inputId}-note`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="param-unit">{info.unit}</span>
      <span id={`${inputId}-note`} className={`param-note${error !== null ? ' has-error' : ''}`}>
        {error !== null ? (
          <span className="field-error" role="alert" data-testid={`param-error-${info.name}`}>
            {error}
          </span>
        ) : (
          <span className="muted" data-testid={`param-source-${info.name}`}>
            default {info.default} · {info.source}
          </span>
        )}
      </span>
    </div>
  );
}
