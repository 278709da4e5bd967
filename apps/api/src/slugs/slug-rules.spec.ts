import { fullProblem, joinFull, segmentProblem } from './slug-rules';

describe('slug rules', () => {
  it.each(['hello', 'hello-world', 'a1', '2024'])('accepts the segment %s', (segment) => {
    expect(segmentProblem(segment, true)).toBeNull();
  });

  it.each([
    ['hello world', /spaces/],
    ['a/b', /one segment/],
    ['Hello', /lower case/],
    ['-a', /dashes/],
    ['a_b', /letters and digits/],
    ['é', /letters and digits/],
    ['x'.repeat(201), /at most 200/],
  ])('refuses the segment %s', (segment, rule) => {
    expect(segmentProblem(segment, false)).toMatch(rule);
  });

  it('allows the empty segment only at the root: it is the home page', () => {
    expect(segmentProblem('', false)).toBeNull();
    expect(segmentProblem('', true)).toMatch(/home page/);
  });

  it('reserves the first segment of a path only', () => {
    for (const reserved of ['api', 'admin', 'sign-in', 'not-found', 'en', 'fr', 'tr', 'es', 'it']) expect(fullProblem(reserved)).toMatch(/reserved/);
    expect(fullProblem('api/things')).toMatch(/reserved/);
    expect(fullProblem('help/api')).toBeNull();
  });

  it('joins a segment to its parent path, the home page being the root', () => {
    expect(joinFull(null, 'blog')).toBe('blog');
    expect(joinFull('', 'welcome')).toBe('welcome');
    expect(joinFull('blog', 'hello')).toBe('blog/hello');
  });
});
