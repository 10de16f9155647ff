/** The CPU-time total blocking time printed by `npm run lighthouse`. */
import { describe, expect, it } from 'vitest';
import { cpuBlockingTime } from './lighthouse.ts';

const page = 'http://127.0.0.1:4000/client/products';
const base = [
  { name: 'thread_name', ph: 'M', pid: 7, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 9, tid: 1, ts: 0, args: { name: 'CrRendererMain' } }, // another renderer
  { name: 'ParseHTML', ph: 'X', pid: 7, tid: 1, ts: 10, dur: 5, tdur: 5, args: { beginData: { url: page } } },
  { name: 'firstContentfulPaint', ph: 'R', pid: 7, tid: 1, ts: 1_000_000 },
];
const task = (pid: number, ts: number, wallMs: number, cpuMs: number, name = 'RunTask') => ({
  name,
  ph: 'X',
  pid,
  tid: 1,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe('cpuBlockingTime', () => {
  it("counts, after the first paint, each task's CPU time at 4x beyond 50 ms", () => {
    const events = [
      ...base,
      task(7, 500_000, 200, 100), // before the first paint: not counted
      task(7, 1_100_000, 120, 30), // 4 × 30 − 50 = 70
      task(7, 1_110_000, 10, 9, 'ThreadControllerImpl::RunTask'), // nested in the task before
      task(7, 1_400_000, 80, 10), // 40 < 50: not blocking
      task(7, 1_500_000, 60, 20), // 30
      task(9, 1_600_000, 500, 400), // another process
    ];
    expect(cpuBlockingTime(events, page)).toBe(100);
  });

  it('is null when the trace has no CPU times or not the page', () => {
    expect(cpuBlockingTime([...base, { ...task(7, 1_100_000, 120, 30), tdur: undefined }], page)).toBeNull();
    expect(cpuBlockingTime(base, 'http://other.example/')).toBeNull();
  });
});
