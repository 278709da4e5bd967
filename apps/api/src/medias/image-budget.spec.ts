import type { AppConfig } from '../config/app-config';
import { ImageBudget } from './image-budget';

const budgetOf = (pixels: number) => new ImageBudget({ uploadMaxPixels: pixels } as AppConfig);
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('image budget', () => {
  it('runs small images side by side and makes a large one wait for room, in arrival order', async () => {
    const budget = budgetOf(100);
    const started: string[] = [];
    const a = deferred();
    const b = deferred();
    const c = deferred();
    const runA = budget.run(40, async () => (started.push('a'), a.promise));
    const runB = budget.run(40, async () => (started.push('b'), b.promise));
    const runLarge = budget.run(100, async () => (started.push('large'), c.promise));
    const runSmall = budget.run(10, async () => started.push('small after large'));
    await tick();
    expect(started).toEqual(['a', 'b']);
    a.resolve();
    await runA;
    await tick();
    expect(started).toEqual(['a', 'b']);
    b.resolve();
    await runB;
    await tick();
    expect(started).toEqual(['a', 'b', 'large']);
    c.resolve();
    await Promise.all([runLarge, runSmall]);
    expect(started).toEqual(['a', 'b', 'large', 'small after large']);
  });

  it('admits an image larger than the budget on its own, and gives the room back after a failure', async () => {
    const budget = budgetOf(100);
    await expect(budget.run(10_000, async () => Promise.reject(new Error('bad pixels')))).rejects.toThrow('bad pixels');
    await expect(budget.run(100, async () => 'ran')).resolves.toBe('ran');
  });
});
