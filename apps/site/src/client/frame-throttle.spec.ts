import { frameThrottle } from './frame-throttle';

describe('frameThrottle', () => {
  it('runs once per frame and again in the next frame', () => {
    const frames: (() => void)[] = [];
    const fn = jest.fn();
    const throttled = frameThrottle(fn, (callback) => frames.push(callback));

    throttled();
    throttled();
    throttled();
    expect(frames).toHaveLength(1);
    expect(fn).not.toHaveBeenCalled();

    frames.shift()?.();
    expect(fn).toHaveBeenCalledTimes(1);

    throttled();
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
