/**
 * TypeScript shape of a scenario file (scenarios/scenario.schema.json is the authority; ajv checks it at
 * runtime in validateScenario.ts). Times in results are microseconds; MB/s means 10^6 bytes per second.
 */
export interface SeriesSpec {
  id: string;
  label?: string;
  protocol: 'portals' | 'tports';
  operation: 'put' | 'get' | 'send';
}

export interface ReferencePoint {
  bytes: number;
  latency_us?: number;
  bandwidth_MBps?: number;
  note?: string;
}

export interface ReferenceSeries {
  id: string;
  points: ReferencePoint[];
}

/** A breakdown table: rows × columns of numbers in `unit` (the paper's Tables 1 and 2, or the run's). */
export interface BreakdownTable {
  id: string;
  label?: string;
  unit?: string;
  columns: string[];
  rows: { label: string; values: number[] }[];
}

/** What a walkthrough step points at: a node (and one of its parts) and/or a panel of the page. */
export interface WalkthroughHighlight {
  node?: number;
  component?: 'host' | 'pci' | 'nic' | 'link' | 'switch';
  panel?: 'cluster' | 'inspector' | 'sequence' | 'timeline' | 'latency' | 'bandwidth' | 'tables';
}

/**
 * One step of a walkthrough: at `time_us` from the start of the run, or — with `message` — `time_us` after the
 * start of the `index`-th (0-based) message of series `series` with `bytes` payload (survives model changes).
 */
export interface WalkthroughStep {
  time_us: number;
  message?: { series?: string; bytes?: number; index?: number };
  highlight?: WalkthroughHighlight;
  text: string;
  cite?: string;
}

export interface Walkthrough {
  id: string;
  title: string;
  steps: WalkthroughStep[];
}

export interface Scenario {
  format: 'hpc-interconnect-scenario';
  version: 1;
  id: string;
  title?: string;
  description?: string;
  seed?: number;
  cluster: { fabric: 'qsnet'; nodes: number; nic?: 'elan3' };
  workload: {
    kind: 'pingpong';
    initiator: number;
    target: number;
    pairing?: 'single' | 'half-shift';
    warmup_iterations?: number;
    iterations?: number;
    sizes_bytes: number[];
    series: SeriesSpec[];
  };
  parameters?: Record<string, number>;
  trace?: { max_records?: number };
  reference?: {
    source?: string;
    series?: ReferenceSeries[];
    tables?: BreakdownTable[];
    checks?: { id: string; description: string; expected: number; unit?: string; tolerance?: number }[];
  };
  /** Classroom walkthroughs through the run (not simulation input). */
  walkthroughs?: Walkthrough[];
}
