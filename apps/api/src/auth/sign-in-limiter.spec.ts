import { backoffMs } from './sign-in-limiter';

describe('backoffMs', () => {
  it('waits nothing up to the limit, then doubles from half a second up to the maximum', () => {
    expect(backoffMs(0, 15_000)).toBe(0);
    expect(backoffMs(-3, 15_000)).toBe(0);
    expect([1, 2, 3, 4, 5, 6].map((over) => backoffMs(over, 15_000))).toEqual([500, 1000, 2000, 4000, 8000, 15_000]);
    expect(backoffMs(10_000, 15_000)).toBe(15_000);
    expect(backoffMs(5, 0)).toBe(0);
  });
});
