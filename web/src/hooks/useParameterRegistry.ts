import { useRunState } from '../run/RunContext';

/** The core's parameter registry (hs_parameters_json), known once the current run's worker has loaded the core. */
export const useParameterRegistry = () => useRunState((s) => s.parameters);
