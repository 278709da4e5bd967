import { isEmbedded } from './embedded';

describe('isEmbedded', () => {
  it('is false for a top-level window', () => {
    const win = { self: null as unknown, top: null as unknown };
    win.self = win;
    win.top = win;
    expect(isEmbedded(win)).toBe(false);
  });

  it('is true inside a frame', () => {
    expect(isEmbedded({ self: {}, top: {} })).toBe(true);
  });

  it('is true when the parent window cannot be read', () => {
    const win = {
      self: {},
      get top(): unknown {
        throw new Error('Blocked a frame with origin');
      },
    };
    expect(isEmbedded(win)).toBe(true);
  });
});
