/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** CPU time (user and system, µs) a process spent per request of a load. */
export function cpuPerRequest(cpu: NodeJS.CpuUsage, requests: number): number {
  return (cpu.user + cpu.system) / requests;
}

export function rate(count: number, ms: number): number {
  return Math.round(count / (ms / 1000));
}

export function row(label: string, value: string, target?: string): void {
  console.log(`${label.padEnd(44)} ${value.padStart(16)}${target ? `   (target ${target})` : ''}`);
}
