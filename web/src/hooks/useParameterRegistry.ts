import { useRunStore } from '../state/runStore';

/** The core's parameter registry (hs_parameters_json), known once the worker has loaded the core. */
export const useParameterRegistry = () => useRunStore((s) => s.parameters);
